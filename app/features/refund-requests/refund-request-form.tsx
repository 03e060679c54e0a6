import {
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { formatUsd } from '../../../common/money.ts';
import {
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  REFUND_REQUEST_MAX_PHOTOS,
  REFUND_TEXT_MAX,
  type RefundReason,
} from '../../../common/schemas/refund-requests.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toast } from '../../ui/toasts.tsx';
import { refundApi } from './refund-api.ts';

type Props = {
  bookingId: string;
  refundableCents: number;
  opened: boolean;
  onClose: () => void;
  onFiled: () => void;
};

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** The guest's "Request a refund" form: reason, what happened, the amount, up to 3 photos. */
export function RefundRequestForm({ bookingId, refundableCents, opened, onClose, onFiled }: Props) {
  const [reason, setReason] = useState<RefundReason>('no_access');
  const [description, setDescription] = useState('');
  const [dollars, setDollars] = useState<number | string>(refundableCents / 100);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    const cents = Math.round(Number(dollars) * 100);
    if (!Number.isFinite(cents) || cents < 1) found.amountCents = 'Enter an amount of at least $0.01.';
    else if (cents > refundableCents)
      found.amountCents = `You can ask for at most ${formatUsd(refundableCents)}.`;
    if (!description.trim()) found.description = 'Tell us what happened.';
    if (photos.length > REFUND_REQUEST_MAX_PHOTOS)
      found.photos = `Choose at most ${REFUND_REQUEST_MAX_PHOTOS} photos.`;
    else if (photos.some((photo) => photo.size > IMAGE_MAX_BYTES)) {
      found.photos = `Each photo must be under ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
    }
    return found;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { request } = await refundApi.file({
        bookingId,
        reason,
        description,
        amountCents: Math.round(Number(dollars) * 100),
      });
      const failed: string[] = [];
      for (const photo of photos) {
        try {
          await refundApi.addPhoto(request.id, photo);
        } catch (caught) {
          failed.push(`${photo.name}: ${caught instanceof ApiError ? caught.message : 'not added.'}`);
        }
      }
      // The request stands either way; say which photo did not make it.
      if (failed.length) toast.warn({ title: 'Some photos were not added', message: failed.join(' ') });
      onFiled();
    } catch (caught) {
      if (caught instanceof ApiError) {
        const fields = Object.fromEntries(caught.fields.map((field) => [field.field, field.message]));
        setErrors(Object.keys(fields).length ? fields : { form: caught.message });
      } else setErrors({ form: 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Request a refund">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NativeSelect
            label="What went wrong?"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value as RefundReason)}
            data={REFUND_REASONS.map((value) => ({ value, label: REFUND_REASON_LABELS[value] }))}
            size="md"
          />
          <Textarea
            label="What happened"
            description="The host sees this and may add their side."
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={REFUND_TEXT_MAX}
            autosize
            minRows={3}
            error={errors.description}
            required
            size="md"
          />
          <NumberInput
            label="Amount"
            description={`Up to ${formatUsd(refundableCents)}`}
            prefix="$"
            decimalScale={2}
            min={0.01}
            max={refundableCents / 100}
            value={dollars}
            onChange={setDollars}
            error={errors.amountCents}
            required
            size="md"
          />
          <FileInput
            label={`Photos (up to ${REFUND_REQUEST_MAX_PHOTOS})`}
            placeholder="Choose photos"
            multiple
            accept={PHOTO_TYPES}
            value={photos}
            onChange={setPhotos}
            error={errors.photos}
            clearable
            size="md"
          />
          {errors.form && (
            <Text c="red.8" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
