import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

type Action = { to: string; label: string };

/** The closing call to action of a page: one primary step, one way to learn more. */
export function CtaBand({
  title,
  text,
  primary,
  secondary,
}: {
  title: string;
  text: string;
  primary: Action;
  secondary?: Action;
}) {
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 40 }} bg="var(--mantine-color-teal-light)" mt={64}>
      <Stack gap="md" maw={680}>
        <Title order={2} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text fz="lg" lh={1.6}>
          {text}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={primary.to} size="md">
            {primary.label}
          </Button>
          {secondary && (
            <Button component={Link} to={secondary.to} size="md" variant="default">
              {secondary.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
