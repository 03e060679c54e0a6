import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Eyebrow } from './eyebrow.tsx';

export { Eyebrow };

/** The top of a public page: a small label, the page's one h1, and a plain-spoken lead. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm" maw={760} mb={{ base: 'xl', sm: 48 }}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
        {title}
      </Title>
      <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" lh={1.6}>
        {lead}
      </Text>
      {children}
    </Stack>
  );
}
