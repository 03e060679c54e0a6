import { Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import {
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  PICTURE_MIME_TYPES,
} from '../../../common/schemas/profile.ts';
import { MAX_PHOTOS, type PhotoView, type PropertyView } from '../../../common/schemas/properties.ts';
import { toast } from '../../ui/toasts.tsx';
import { errorMessage, listingsApi, uploadPhoto } from './api.ts';
import { SortablePhotos } from './sortable-photos.tsx';

type Props = {
  propertyId: string;
  /** The listing's title: photos without a description are named after it. */
  title: string;
  photos: PhotoView[];
  onChange: (view: PropertyView) => void;
};

/**
 * 1–10 photos: upload with progress, reorder by dragging (the first is the cover), describe each
 * for screen readers. A new order shows at once and goes back if the server refuses it.
 */
export function PhotosSection({ propertyId, title, photos, onChange }: Props) {
  const [progress, setProgress] = useState<{ done: number; total: number; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The order being saved, shown ahead of the server's answer; null once it is settled.
  const [pending, setPending] = useState<PhotoView[] | null>(null);
  const shown = pending ?? photos;

  async function upload(files: File[]) {
    setError(null);
    const room = MAX_PHOTOS - photos.length;
    if (files.length > room) {
      setError(`A listing holds at most ${MAX_PHOTOS} photos; you can add ${room} more.`);
      return;
    }
    for (const [index, file] of files.entries()) {
      if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type))
        return setError(`${file.name}: ${IMAGE_TYPE_MESSAGE}`);
      if (file.size > IMAGE_MAX_BYTES) return setError(`${file.name}: ${IMAGE_SIZE_MESSAGE}`);
      setProgress({ done: index, total: files.length, fraction: 0 });
      try {
        onChange(
          await uploadPhoto(propertyId, file, (fraction) =>
            setProgress({ done: index, total: files.length, fraction }),
          ),
        );
      } catch (caught) {
        setError(`${file.name}: ${errorMessage(caught, 'The upload failed. Please try again.')}`);
        break;
      }
    }
    setProgress(null);
  }

  async function run(action: () => Promise<PropertyView>) {
    setBusy(true);
    setError(null);
    try {
      onChange(await action());
    } catch (caught) {
      setError(errorMessage(caught, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function reorder(next: PhotoView[]) {
    setPending(next);
    setBusy(true);
    try {
      onChange(
        await listingsApi.reorderPhotos(
          propertyId,
          next.map((photo) => photo.id),
        ),
      );
    } catch (caught) {
      toast.error({
        title: 'The new order was not saved',
        message: `${errorMessage(caught, 'Please try again.')} The photos are back in their earlier order.`,
      });
    } finally {
      // Batched with onChange: the server's order replaces the pending one in the same render.
      setPending(null);
      setBusy(false);
    }
  }

  const overall = progress ? ((progress.done + progress.fraction) / progress.total) * 100 : 0;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Add 1 to {MAX_PHOTOS} photos (JPEG, PNG or WebP, up to 5 MB each). Landscape works best: photos are
        cropped to 4:3. The first photo is the cover guests see in search: drag a photo by its picture or its
        handle to change the order.
      </Text>
      <Group>
        <FileButton onChange={upload} accept={PICTURE_MIME_TYPES.join(',')} multiple>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconPhotoUp size={18} />}
              size="md"
              disabled={Boolean(progress) || photos.length >= MAX_PHOTOS}
            >
              Add photos
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" data-testid="photo-count">
          {photos.length} of {MAX_PHOTOS}
        </Text>
      </Group>
      {progress && (
        <Progress
          value={overall}
          animated
          aria-label={`Uploading photo ${progress.done + 1} of ${progress.total}`}
        />
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {photos.length === 0 && !progress ? (
        <Paper withBorder p="lg" radius="md" ta="center" c="dimmed">
          No photos yet. Guests book what they can see: add a bright, tidy photo of the room to start.
        </Paper>
      ) : (
        <SortablePhotos
          propertyId={propertyId}
          title={title}
          photos={shown}
          locked={busy}
          onReorder={reorder}
          onRemove={(photo) => run(() => listingsApi.removePhoto(propertyId, photo.id))}
          onChange={onChange}
        />
      )}
    </Stack>
  );
}
