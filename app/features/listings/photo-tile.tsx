import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Button, Group, Image, Paper, Text, TextInput } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  PHOTO_ALT_MAX,
  type PhotoView,
  type PropertyView,
  photoAltSchema,
  photoAltText,
} from '../../../common/schemas/properties.ts';
import { toast } from '../../ui/toasts.tsx';
import { errorMessage, fieldErrors, listingsApi } from './api.ts';

type TileProps = {
  propertyId: string;
  title: string;
  photo: PhotoView;
  /** Its place in the order shown (0 is the cover), which may be ahead of the server's. */
  index: number;
  /** No dragging, and no removing, while an order or a removal is being saved. */
  locked: boolean;
  onRemove: () => void;
  onChange: (view: PropertyView) => void;
};

/**
 * One photo: dragged by its picture (mouse) or its handle (touch, and keyboard through the
 * library's keyboard sensor), with its alt text editable below it.
 */
export function PhotoTile({ propertyId, title, photo, index, locked, onRemove, onChange }: TileProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.id, disabled: locked });
  const place = index + 1;

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      data-testid="photo-tile"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-lg)' : undefined,
      }}
    >
      <Box {...listeners} style={{ cursor: locked ? 'default' : 'grab' }} data-testid="photo-drag-area">
        <Image
          src={photo.url}
          srcSet={photo.srcset}
          alt={photo.alt}
          radius="sm"
          draggable={false}
          style={{ aspectRatio: '4 / 3' }}
        />
      </Box>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            variant="subtle"
            size="lg"
            aria-label={`Move photo ${place}`}
            style={{ cursor: locked ? 'default' : 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          {index === 0 ? (
            <Badge variant="light" data-testid="cover-badge">
              Cover
            </Badge>
          ) : (
            <Text size="sm">Photo {place}</Text>
          )}
        </Group>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Remove photo ${place}`}
          disabled={locked}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {/* Keyed by the saved text, so a save (or another change) resets the field to it. */}
      <AltTextForm
        key={`${photo.id}:${photo.alt_is_default ? '' : photo.alt}`}
        propertyId={propertyId}
        photo={photo}
        fallback={photoAltText('', title, index)}
        onChange={onChange}
      />
    </Paper>
  );
}

type AltProps = {
  propertyId: string;
  photo: PhotoView;
  /** What screen readers hear while the field is empty. */
  fallback: string;
  onChange: (view: PropertyView) => void;
};

function AltTextForm({ propertyId, photo, fallback, onChange }: AltProps) {
  const saved = photo.alt_is_default ? '' : photo.alt;
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = photoAltSchema.safeParse({ alt: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the description.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onChange(await listingsApi.describePhoto(propertyId, photo.id, parsed.data.alt));
      toast.success({
        title: 'Description saved',
        message: parsed.data.alt
          ? 'Screen readers now read your words.'
          : `Screen readers read “${fallback}”.`,
      });
    } catch (caught) {
      setError(fieldErrors(caught).alt ?? errorMessage(caught, 'The description was not saved. Try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate>
      <TextInput
        mt="xs"
        label="Describe this photo for screen readers"
        description={`What a guest would see, e.g. “Walk-in shower with a grab bar”. Left empty, it reads “${fallback}”.`}
        placeholder={fallback}
        maxLength={PHOTO_ALT_MAX}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={error}
      />
      <Button
        type="submit"
        mt="xs"
        variant="light"
        size="sm"
        loading={saving}
        disabled={value.trim() === saved}
      >
        Save description
      </Button>
    </form>
  );
}
