import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A red button that asks once more before an action that undoes someone's plans (revoking a host,
 * cancelling a booking): the question and the two answers sit in a small popover beside it.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  keepLabel,
  loading = false,
  onConfirm,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  loading?: boolean;
  onConfirm: () => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button size="xs" color="red" variant="light" onClick={() => setOpened((o) => !o)} loading={loading}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={320}>
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {keepLabel}
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setOpened(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
