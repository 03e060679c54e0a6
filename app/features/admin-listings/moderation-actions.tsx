import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { AdminListingDetail } from '../../../common/schemas/listing-moderation.ts';
import { toast } from '../../ui/toasts.tsx';

export type ModerationResult = { ok: boolean; message: string; field?: string };

/** The fetcher every moderation button posts through; it toasts the answer. */
export function useModerationFetcher() {
  const fetcher = useFetcher<ModerationResult>();
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) toast.success({ title: 'Done', message: fetcher.data.message });
    else if (!fetcher.data.field) toast.error({ title: 'Not done', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

type Fetcher = ReturnType<typeof useModerationFetcher>;

/** Asks for the reason the host will read, then unpublishes (and closes the named report, if any). */
export function UnpublishButton({
  fetcher,
  reportId,
  label = 'Unpublish…',
}: {
  fetcher: Fetcher;
  reportId?: string;
  label?: string;
}) {
  const [opened, modal] = useDisclosure(false);
  const [reason, setReason] = useState('');
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === 'unpublish';
  const error =
    fetcher.data && !fetcher.data.ok && fetcher.data.field === 'reason' ? fetcher.data.message : null;
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) modal.close();
  }, [fetcher.state, fetcher.data, modal]);
  return (
    <>
      <Button color="red" variant="light" onClick={modal.open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Unpublish this listing" centered>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="unpublish" />
          {reportId ? <input type="hidden" name="report_id" value={reportId} /> : null}
          <Stack gap="sm">
            <Text size="sm">
              Guests stop seeing it at once. The host is told by notification and email, with your reason, and
              cannot publish it again: only an admin can.
            </Text>
            <Textarea
              name="reason"
              label="Reason the host reads"
              description={`${reason.length}/500`}
              required
              autosize
              minRows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                Keep it published
              </Button>
              <Button type="submit" color="red" loading={busy} disabled={!reason.trim()}>
                Unpublish
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Modal>
    </>
  );
}

function IntentButton({
  fetcher,
  intent,
  children,
  variant = 'light',
  extra,
}: {
  fetcher: Fetcher;
  intent: string;
  children: string;
  variant?: string;
  extra?: Record<string, string>;
}) {
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} loading={busy}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

/** The listing's moderation buttons, offered only where they apply. */
export function ModerationActions({
  listing,
  fetcher,
}: {
  listing: AdminListingDetail['listing'];
  fetcher: Fetcher;
}) {
  return (
    <Group gap="sm" data-testid="moderation-actions">
      {listing.status === 'published' ? (
        <Button component={Link} to={`/bathrooms/${listing.id}`} variant="default">
          View as guests see it
        </Button>
      ) : null}
      {listing.held ? (
        <IntentButton fetcher={fetcher} intent="republish">
          Republish
        </IntentButton>
      ) : listing.status !== 'draft' ? (
        <UnpublishButton fetcher={fetcher} />
      ) : null}
      {listing.featured ? (
        <IntentButton fetcher={fetcher} intent="unfeature" variant="default">
          Remove from home page
        </IntentButton>
      ) : listing.status === 'published' && !listing.held ? (
        <IntentButton fetcher={fetcher} intent="feature">
          Feature on home page
        </IntentButton>
      ) : null}
    </Group>
  );
}

export { IntentButton };
