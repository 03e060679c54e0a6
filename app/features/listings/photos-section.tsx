import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import {
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  PICTURE_MIME_TYPES,
} from '../../../common/schemas/profile.ts';
import { MAX_PHOTOS, type PhotoView, type PropertyView } from '../../../common/schemas/properties.ts';
import { errorMessage, listingsApi, uploadPhoto } from './api.ts';

type Props = {
  propertyId: string;
  photos: PhotoView[];
  onChange: (view: PropertyView) => void;
};

/** 1–10 photos: upload with progress, reorder by dragging or with the arrows; the first is the cover. */
export function PhotosSection({ propertyId, photos, onChange }: Props) {
  const [progress, setProgress] = useState<{ done: number; total: number; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  function move(from: number, to: number) {
    if (to < 0 || to >= photos.length || from === to) return;
    const ids = photos.map((photo) => photo.id);
    const [moved] = ids.splice(from, 1);
    if (moved) ids.splice(to, 0, moved);
    void run(() => listingsApi.reorderPhotos(propertyId, ids));
  }

  const overall = progress ? ((progress.done + progress.fraction) / progress.total) * 100 : 0;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Add 1 to {MAX_PHOTOS} photos (JPEG, PNG or WebP, up to 5 MB each). Landscape works best: photos are
        cropped to 4:3. The first photo is the cover guests see in search.
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
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {photos.map((photo, index) => (
            <Paper
              key={photo.id}
              withBorder
              radius="md"
              p="xs"
              draggable
              data-testid="photo-tile"
              onDragStart={() => setDragging(photo.id)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                const from = photos.findIndex((item) => item.id === dragging);
                setDragging(null);
                if (from >= 0) move(from, index);
              }}
              style={{ cursor: 'grab', opacity: dragging === photo.id ? 0.5 : 1 }}
            >
              <Image
                src={photo.url}
                srcSet={photo.srcset}
                alt={photo.alt}
                radius="sm"
                style={{ aspectRatio: '4 / 3' }}
              />
              <Group justify="space-between" mt="xs">
                {index === 0 ? (
                  <Badge variant="light">Cover</Badge>
                ) : (
                  <Text size="sm">Photo {index + 1}</Text>
                )}
                <Group gap={4}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`Move photo ${index + 1} earlier`}
                    disabled={busy || index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`Move photo ${index + 1} later`}
                    disabled={busy || index === photos.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove photo ${index + 1}`}
                    disabled={busy}
                    onClick={() => run(() => listingsApi.removePhoto(propertyId, photo.id))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
