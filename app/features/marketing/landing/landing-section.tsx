import { Box, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Eyebrow } from '../eyebrow.tsx';

/** One titled section of a landing page: an optional teal label, an h2 and a short lead. */
export function LandingSection({
  id,
  eyebrow,
  title,
  lead,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} mb={{ base: 48, sm: 64 }}>
      <Stack gap={6} mb="lg" maw={720}>
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <Title order={2} id={id} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {lead && (
          <Text c="dimmed" fz="lg" lh={1.6}>
            {lead}
          </Text>
        )}
      </Stack>
      {children}
    </Box>
  );
}
