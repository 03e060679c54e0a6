import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useFetcher } from 'react-router';
import { REVIEW_TEXT_MAX_LENGTH } from '../../../common/reviews.ts';

export type ReplyAnswer = { ok: boolean; message: string; reviewId?: string };
/** Shared with the page, which says "posted" after the answered review has moved down the list. */
export const REPLY_FETCHER_KEY = 'review-reply';

/** The host's one public reply to a review, inline on /manage/reviews (posts to the page's action). */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<ReplyAnswer>({ key: REPLY_FETCHER_KEY });
  const busy = fetcher.state !== 'idle';
  const failed =
    fetcher.data && !fetcher.data.ok && fetcher.data.reviewId === reviewId ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="reviewId" value={reviewId} />
      <Stack gap="xs">
        <Textarea
          name="reply"
          label="Your public reply"
          description="You can reply once; everyone sees it under the review."
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          autosize
          minRows={2}
          required
        />
        {failed && (
          <Alert color="red" role="alert">
            {failed}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="sm" loading={busy}>
            Post reply
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
