import { Button, Group, Stack, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { RowAction } from './row-action.ts';

/** A row of a Security card: an icon, what the row is, and the button that removes it. */
export function SecurityRow({
  icon: RowIcon,
  testId,
  children,
  action,
}: {
  icon: Icon;
  testId: string;
  /** The row's title and details, one under the other. */
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
          <RowIcon size={22} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          {children}
        </Stack>
      </Group>
      {action}
    </Group>
  );
}

/**
 * The row's button: posts `intent` with the row's id through the card's row action, which toasts
 * the outcome under `label` (row-action.ts).
 */
export function RowActionButton({
  action,
  intent,
  field,
  id,
  label,
  ariaLabel,
  disabled,
  children,
}: {
  action: RowAction;
  intent: string;
  field: string;
  id: string;
  label: string;
  ariaLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { fetcher } = action;
  return (
    <fetcher.Form
      method="post"
      onSubmit={() => {
        action.rowLabel.current = label;
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={id} />
      <Button
        type="submit"
        variant="default"
        size="sm"
        disabled={disabled}
        loading={action.busy(field, id)}
        aria-label={ariaLabel}
      >
        {children}
      </Button>
    </fetcher.Form>
  );
}
