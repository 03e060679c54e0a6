import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { REVIEW_PAGE_SIZE } from '../../../common/reviews.ts';
import type { BathroomReviews, PublicReview } from '../../../common/schemas/reviews.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import { ListPager } from '../../ui/list-pager.tsx';
import { RatingSummaryView, Stars } from './stars.tsx';

// Only admins see it: its form's code stays out of the listing page everyone else loads (ADR 141).
const HideReview = lazyPart(() => import('./hide-review.tsx'));

const when = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

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
      {admin && (
        <Suspense fallback={null}>
          <HideReview reviewId={review.id} />
        </Suspense>
      )}
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
