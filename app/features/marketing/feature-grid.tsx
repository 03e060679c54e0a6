import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

export type Feature = {
  icon: Icon;
  title: string;
  text: string;
  link?: { to: string; label: string };
};

/** A grid of short points with an icon each; the icons are decoration, the words carry the meaning. */
export function FeatureGrid({
  features,
  cols = { base: 1, sm: 2, md: 4 },
  headingOrder = 3,
}: {
  features: Feature[];
  cols?: { base: number; sm?: number; md?: number };
  headingOrder?: 2 | 3 | 4;
}) {
  return (
    <SimpleGrid cols={cols} spacing="lg">
      {features.map((feature) => (
        <Paper key={feature.title} withBorder radius="lg" p="lg">
          <Stack gap="sm" h="100%">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
              <feature.icon size={24} stroke={1.7} />
            </ThemeIcon>
            <Title order={headingOrder} fz="lg">
              {feature.title}
            </Title>
            <Text c="dimmed" lh={1.6} style={{ flex: 1 }}>
              {feature.text}
            </Text>
            {feature.link && (
              <Anchor component={Link} to={feature.link.to} fw={600} size="sm">
                {feature.link.label}
              </Anchor>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
