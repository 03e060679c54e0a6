import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../common/schemas/listing-moderation.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';
import { toast } from '../../ui/toasts.tsx';

/**
 * "Report this listing" (ADR 136): a signed-in member tells Privy's admins what is wrong; the
 * report shows on the listing's admin page, where it is dismissed or the listing unpublished.
 */
export function ReportListing({ bathroomId }: { bathroomId: string }) {
  const [opened, modal] = useDisclosure(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!reason) {
      setError('Choose what is wrong.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiJson('POST', `/api/properties/${encodeURIComponent(bathroomId)}/reports`, {
        reason,
        details: details.trim(),
      });
      modal.close();
      setReason(null);
      setDetails('');
      toast.success({ title: 'Thank you', message: 'Privy’s team will look at this listing.' });
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : 'Please try again.';
      if (caught instanceof ApiError && caught.status === 409) {
        modal.close();
        toast.info({ title: 'Already reported', message });
      } else setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconFlag size={16} />}
        onClick={modal.open}
        data-testid="report-listing"
      >
        Report this listing
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Report this listing" centered>
        <Stack gap="md">
          <Radio.Group
            label="What is wrong?"
            value={reason}
            onChange={(value) => setReason(value as ReportReason)}
            error={error && !reason ? error : null}
            required
          >
            <Stack gap="xs" mt="xs">
              {REPORT_REASONS.map((value) => (
                <Radio key={value} value={value} label={REPORT_REASON_LABELS[value]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Details (optional)"
            description="What did you see? Admins read this; the host does not."
            autosize
            minRows={3}
            maxLength={1000}
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            error={error && reason ? error : null}
          />
          <Text size="xs" c="dimmed">
            For an emergency during a visit, call local emergency services first.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={modal.close}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={send}>
              Send report
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
