import { ActionIcon, Box, Group, Image, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhoto } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { photoWidthSrcSet } from '../../ui/photo-srcset.ts';

type Photo = { url: string; srcset: string; alt: string; width: number; height: number };

/**
 * A swipeable row of photos (CSS scroll snap) with previous/next buttons for mouse and keyboard
 * users; each photo is a labelled group, and the counter is announced politely.
 */
export function PhotoScroller({ photos, title }: { photos: Photo[]; title: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (!photos.length) {
    return (
      <Group h={240} justify="center" bg="var(--mantine-color-gray-light)" style={{ borderRadius: 12 }}>
        <IconPhoto aria-hidden size={32} color="var(--mantine-color-dimmed)" />
        <Text c="dimmed">The host has not added photos yet.</Text>
      </Group>
    );
  }
  const go = (next: number) => {
    const clamped = Math.max(0, Math.min(photos.length - 1, next));
    const slide = track.current?.children[clamped] as HTMLElement | undefined;
    track.current?.scrollTo({ left: slide?.offsetLeft ?? 0, behavior: 'smooth' });
    setIndex(clamped);
  };
  return (
    <Box pos="relative" aria-roledescription="carousel" aria-label={`Photos of ${title}`} role="region">
      <Box
        ref={track}
        // Focusable, so a keyboard can scroll the photos with the arrow keys too.
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          setIndex(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
        }}
        style={{
          display: 'flex',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          borderRadius: 12,
          scrollbarWidth: 'none',
        }}
      >
        {photos.map((photo, position) => (
          <Box
            key={photo.url}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${photos.length}`}
            style={{ flex: '0 0 100%', scrollSnapAlign: 'start' }}
          >
            <Image
              src={photo.url}
              srcSet={photoWidthSrcSet(photo.srcset)}
              sizes="(min-width: 62em) 800px, 100vw"
              alt={photo.alt}
              h={{ base: 260, sm: 420 }}
              fit="cover"
              loading={position === 0 ? 'eager' : 'lazy'}
              fetchPriority={position === 0 ? 'high' : undefined}
            />
          </Box>
        ))}
      </Box>
      {photos.length > 1 ? (
        <>
          <ActionIcon
            pos="absolute"
            left={12}
            top="50%"
            variant="white"
            radius="xl"
            size="lg"
            aria-label="Previous photo"
            disabled={index === 0}
            onClick={() => go(index - 1)}
            style={{ transform: 'translateY(-50%)' }}
          >
            <IconChevronLeft size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon
            pos="absolute"
            right={12}
            top="50%"
            variant="white"
            radius="xl"
            size="lg"
            aria-label="Next photo"
            disabled={index === photos.length - 1}
            onClick={() => go(index + 1)}
            style={{ transform: 'translateY(-50%)' }}
          >
            <IconChevronRight size={20} aria-hidden />
          </ActionIcon>
          <Text
            pos="absolute"
            bottom={12}
            right={12}
            size="xs"
            px={8}
            py={2}
            bg="rgba(0,0,0,0.6)"
            c="white"
            style={{ borderRadius: 8 }}
            aria-live="polite"
          >
            {index + 1} / {photos.length}
          </Text>
        </>
      ) : null}
    </Box>
  );
}
