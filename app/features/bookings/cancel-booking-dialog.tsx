import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Form } from 'react-router';

/**
 * "Cancel this booking?": the refund terms, an optional reason, and the booking page's cancel
 * action. Its code loads on the first tap of "Cancel booking", not with the page (ADR 141).
 */
export default function CancelBookingDialog({
  opened,
  onClose,
  terms,
}: {
  opened: boolean;
  onClose: () => void;
  terms: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel this booking?">
      <Form method="post" onSubmit={onClose}>
        <Stack gap="md">
          <Text data-testid="refund-terms">{terms}</Text>
          <Textarea name="reason" label="Reason (optional)" maxLength={500} autosize minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep booking
            </Button>
            <Button type="submit" name="intent" value="cancel" color="red">
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
