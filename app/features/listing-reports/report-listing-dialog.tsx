import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../common/schemas/listing-moderation.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';
import { toast } from '../../ui/toasts.tsx';

/** The report's dialog: its code loads when a member first asks for it (report-listing.tsx). */
export default function ReportListingDialog({
  bathroomId,
  opened,
  onClose,
}: {
  bathroomId: string;
  opened: boolean;
  onClose: () => void;
}) {
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
      onClose();
      setReason(null);
      setDetails('');
      toast.success({ title: 'Thank you', message: 'Privy’s team will look at this listing.' });
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : 'Please try again.';
      if (caught instanceof ApiError && caught.status === 409) {
        onClose();
        toast.info({ title: 'Already reported', message });
      } else setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Report this listing" centered>
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
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={send}>
            Send report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
