import { Alert, Anchor, Badge, Button, Card, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { Form, Link, useFetcher, useLoaderData, useNavigate } from 'react-router';
import { REVIEW_PAGE_SIZE } from '../../../common/reviews.ts';
import {
  manageReviewsQuerySchema,
  replySchema,
  reviewParamsSchema,
} from '../../../common/schemas/reviews.ts';
import { asRouteError, requireHost } from '../../features/listings/guards.server.ts';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { ReviewItem } from '../../features/reviews/bathroom-reviews.tsx';
import { REPLY_FETCHER_KEY, type ReplyAnswer, ReplyForm } from '../../features/reviews/reply-form.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { ListPager } from '../../ui/list-pager.tsx';
import type { Route } from './+types/reviews';

/**
 * /manage/reviews (spec §2; ADR 124): every review of the host's bathrooms, unanswered first, with
 * a filter by bathroom and rating and an inline reply; and the guests still waiting for the host's
 * review of them.
 */

const until = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireHost(request, context);
  const parsed = manageReviewsQuerySchema.safeParse(routeQuery(request));
  const filter = parsed.success ? parsed.data : { page: 1 };
  try {
    const data = await context.get(servicesContext).reviews.forHost(viewer.userId, filter);
    return { ...data, filter };
  } catch (error) {
    asRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireHost(request, context);
  const form = Object.fromEntries(await request.formData());
  const id = reviewParamsSchema.safeParse({ reviewId: form.reviewId });
  const body = replySchema.safeParse({ reply: form.reply });
  if (!id.success) return { ok: false, message: 'That review is gone. Reload the page.' };
  const reviewId = id.data.reviewId;
  if (!body.success)
    return { ok: false, reviewId, message: body.error.issues[0]?.message ?? 'Write a reply first.' };
  try {
    await context
      .get(servicesContext)
      .reviews.reply(
        { userId: viewer.userId, isAdmin: viewer.profile.is_admin },
        id.data.reviewId,
        body.data.reply,
      );
    return { ok: true, message: 'Your reply is posted.', reviewId: id.data.reviewId };
  } catch (error) {
    const known = asAppError(error);
    if (known && known.status < 500) return { ok: false, reviewId, message: known.message };
    throw error;
  }
}

export function meta() {
  return [{ title: 'Reviews · Privy' }, { name: 'robots', content: 'noindex' }];
}

const RATINGS = ['5', '4', '3', '2', '1'].map((value) => ({ value, label: `${value} stars` }));

export default function ManageReviewsPage() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { filter } = data;
  const replied = useFetcher<ReplyAnswer>({ key: REPLY_FETCHER_KEY }).data;
  const query = (changes: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    const merged = {
      bathroomId: filter.bathroomId,
      rating: filter.rating ? String(filter.rating) : undefined,
      ...changes,
    };
    for (const [key, value] of Object.entries(merged)) if (value) params.set(key, value);
    return `/manage/reviews${params.size ? `?${params}` : ''}`;
  };
  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <Title order={1}>Reviews</Title>
      {replied?.ok && (
        <Alert color="teal" role="status" data-testid="reply-posted">
          {replied.message} Answered reviews follow the unanswered ones.
        </Alert>
      )}
      <Card withBorder radius="md" p="md" data-testid="guests-to-review">
        <Title order={2} fz="lg" mb="xs">
          Guests waiting for your review
        </Title>
        {data.toWrite.length ? (
          <List spacing="xs">
            {data.toWrite.map((item) => (
              <List.Item key={item.bookingId}>
                <Anchor component={Link} to={`/bookings/${item.bookingId}#review`}>
                  Review {item.guestFirstName} at {item.bathroomTitle}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  (until {until.format(new Date(item.closesAt))})
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">You are up to date: no guest is waiting for your review.</Text>
        )}
      </Card>
      <Form method="get">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Bathroom"
            placeholder="All bathrooms"
            data={data.bathrooms.map((bathroom) => ({ value: bathroom.id, label: bathroom.title }))}
            value={filter.bathroomId ?? null}
            onChange={(value) => navigate(query({ bathroomId: value ?? undefined }))}
            clearable
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label="Rating"
            placeholder="Any rating"
            data={RATINGS}
            value={filter.rating ? String(filter.rating) : null}
            onChange={(value) => navigate(query({ rating: value ?? undefined }))}
            clearable
            w={{ base: '100%', sm: 160 }}
          />
        </Group>
      </Form>
      {data.reviews.length === 0 ? (
        <Stack gap="xs">
          <Text c="dimmed">
            {filter.bathroomId || filter.rating
              ? 'No reviews match this filter.'
              : 'No reviews yet. Guests review after a visit; reviews show once both of you have written.'}
          </Text>
          {(filter.bathroomId || filter.rating) && (
            <Button component={Link} to="/manage/reviews" variant="default" w="fit-content">
              Show all reviews
            </Button>
          )}
        </Stack>
      ) : (
        data.reviews.map((review) => (
          <Card key={review.id} withBorder radius="md" p="md" data-testid="manage-review">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Anchor component={Link} to={`/bathrooms/${review.bathroomId}`} fw={600}>
                  {review.bathroomTitle}
                </Anchor>
                {review.hiddenAt ? (
                  <Badge color="red" variant="light">
                    Hidden by Privy
                  </Badge>
                ) : (
                  !review.reply && (
                    <Badge color="yellow" variant="light">
                      Unanswered
                    </Badge>
                  )
                )}
              </Group>
              <ReviewItem review={review} />
              {review.hiddenAt && <Text size="sm">Reason: {review.hiddenReason}</Text>}
              {!review.reply && !review.hiddenAt && <ReplyForm reviewId={review.id} />}
            </Stack>
          </Card>
        ))
      )}
      <ListPager
        page={data.page}
        pageSize={REVIEW_PAGE_SIZE}
        total={data.total}
        hrefFor={(page) => `${query({})}${query({}).includes('?') ? '&' : '?'}page=${page}`}
      />
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
