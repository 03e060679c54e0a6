import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { REVIEW_PAGE_SIZE } from '../../../common/reviews.ts';
import type { BathroomReviews, PublicReview } from '../../../common/schemas/reviews.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';
import { ListPager } from '../../ui/list-pager.tsx';
import { RatingSummaryView, Stars } from './stars.tsx';

const when = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** An admin hides a review that breaks the rules, saying which (kept for audit, ADR 124). */
function HideReview({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  if (!open)
    return (
      <Button variant="subtle" color="red" size="compact-sm" onClick={() => setOpen(true)}>
        Hide review
      </Button>
    );
  return (
    <Stack gap={4}>
      <Textarea
        label="Which rule does it break?"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={error}
        maxLength={500}
      />
      <Group gap="xs">
        <Button
          color="red"
          size="compact-sm"
          onClick={async () => {
            try {
              await apiJson('POST', `/api/reviews/${reviewId}/hide`, { reason });
              revalidator.revalidate();
            } catch (caught) {
              setError(caught instanceof ApiError ? caught.message : 'Could not hide it. Please try again.');
            }
          }}
        >
          Hide
        </Button>
        <Button variant="default" size="compact-sm" onClick={() => setOpen(false)}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}

export function ReviewItem({ review, admin = false }: { review: PublicReview; admin?: boolean }) {
  return (
    <Stack gap={4} data-testid="review-item">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{review.authorFirstName}</Text>
        <Text size="sm" c="dimmed">
          {when.format(new Date(review.publishedAt))}
        </Text>
      </Group>
      <Stars value={review.rating} />
      {review.comment && (
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.comment}</Text>
      )}
      {review.reply && (
        <Card withBorder radius="md" p="sm" data-testid="review-reply">
          <Text size="sm" fw={600}>
            Host's reply
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.reply}
          </Text>
        </Card>
      )}
      {admin && <HideReview reviewId={review.id} />}
    </Stack>
  );
}

/** The listing page's reviews: averages, then the reviews newest first, a page at a time. */
export function BathroomReviewsSection(props: {
  reviews: BathroomReviews;
  hrefFor: (page: number) => string;
  admin: boolean;
}) {
  const { summary, reviews, page } = props.reviews;
  return (
    <Stack gap="md" id="reviews" data-testid="bathroom-reviews">
      <Title order={2} fz="lg">
        Reviews
      </Title>
      <RatingSummaryView summary={summary} />
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} admin={props.admin} />
      ))}
      <ListPager page={page} pageSize={REVIEW_PAGE_SIZE} total={summary.count} hrefFor={props.hrefFor} />
    </Stack>
  );
}
