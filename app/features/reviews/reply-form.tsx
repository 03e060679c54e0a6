import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useFetcher } from 'react-router';
import { REVIEW_TEXT_MAX_LENGTH } from '../../../common/reviews.ts';

/** The host's one public reply to a review, inline on /manage/reviews (posts to the page's action). */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string; reviewId?: string }>();
  const busy = fetcher.state !== 'idle';
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
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
