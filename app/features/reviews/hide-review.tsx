import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';

/** An admin hides a review that breaks the rules, saying which (kept for audit, ADR 124). */
export default function HideReview({ reviewId }: { reviewId: string }) {
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
