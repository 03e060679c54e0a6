import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { SimpleGrid } from '@mantine/core';
import { useId, useRef } from 'react';
import type { PhotoView, PropertyView } from '../../../common/schemas/properties.ts';
import { PhotoTile } from './photo-tile.tsx';

type Props = {
  propertyId: string;
  title: string;
  photos: PhotoView[];
  locked: boolean;
  onReorder: (next: PhotoView[]) => void;
  onRemove: (photo: PhotoView) => void;
  onChange: (view: PropertyView) => void;
};

const screenReaderInstructions = {
  draggable:
    'To move a photo, press Space or Enter to pick it up, use the arrow keys to move it, then press ' +
    'Space or Enter to drop it, or Escape to cancel. The first photo is the cover.',
};

/**
 * What screen readers hear while a photo moves, in places counted from 1 (place 1 is the cover).
 * `lastOver` remembers the place last announced: the library reports the starting place as
 * "over" right after pick-up, which would talk over the pick-up message.
 */
function announcementsFor(
  photos: PhotoView[],
  lastOver: { current: UniqueIdentifier | null },
): Announcements {
  const placeOf = (id: UniqueIdentifier) => photos.findIndex((photo) => photo.id === id) + 1;
  const cover = (place: number) => (place === 1 ? ', the cover' : '');
  return {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up photo ${placeOf(active.id)} of ${photos.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? `Photo ${placeOf(active.id)} is over place ${placeOf(over.id)}${cover(placeOf(over.id))}.`
        : `Photo ${placeOf(active.id)} is not over a place.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Photo ${placeOf(active.id)} dropped in place ${placeOf(over.id)}${cover(placeOf(over.id))}.`
        : `Photo ${placeOf(active.id)} dropped back where it was.`,
    onDragCancel: ({ active }) => `Moving cancelled. Photo ${placeOf(active.id)} stays where it was.`,
  };
}

/**
 * The photo grid, reordered by dragging with a mouse, a finger or the keyboard (dnd-kit, ADR 076).
 * A drop hands the new order up at once; the parent saves it and rolls back on failure.
 */
export function SortablePhotos({ propertyId, title, photos, locked, onReorder, onRemove, onChange }: Props) {
  // A stable id keeps the server-rendered aria-describedby equal to the hydrated one.
  const contextId = useId();
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    // A few pixels of travel first, so a click on the picture or handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = photos.findIndex((photo) => photo.id === active.id);
    const to = photos.findIndex((photo) => photo.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(photos, from, to));
  }

  return (
    <DndContext
      id={contextId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements: announcementsFor(photos, lastOver), screenReaderInstructions }}
    >
      <SortableContext items={photos.map((photo) => photo.id)} strategy={rectSortingStrategy}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              propertyId={propertyId}
              title={title}
              photo={photo}
              index={index}
              locked={locked}
              onRemove={() => onRemove(photo)}
              onChange={onChange}
            />
          ))}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}
