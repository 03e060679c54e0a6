import type { Select as MantineSelect } from '@mantine/core';
import { type LazyExoticComponent, useState } from 'react';
import { ClosedSelect } from './closed-select.tsx';
import { useLiveTurn } from './use-live.ts';

type Option = { value: string; label: string };

/**
 * A select on a page everyone lands on: the closed markup (static-input.tsx) until its turn to go
 * live (use-live.ts), then Mantine's Select, loaded lazily by the page (`select`: each page imports
 * it through the module its chunks were planned around, ADR 098). Each select takes its own turn.
 * A guest who reaches for it first does not wait: focusing the stand-in makes it live at once, and
 * after a tap it opens its list as soon as it is there.
 */
export function LiveSelect({
  select: Select,
  data,
  value,
  onChange,
  width,
  allowDeselect,
  ...shown
}: {
  select: LazyExoticComponent<typeof MantineSelect>;
  label?: string;
  'aria-label'?: string;
  placeholder?: string;
  clearable?: boolean;
  error?: string | undefined;
  allowDeselect?: boolean;
  /** in px */
  width?: number;
  data: Option[];
  value: string;
  onChange: (value: string | null) => void;
}) {
  const { live, now } = useLiveTurn();
  const [reached, setReached] = useState<'focused' | 'tapped' | null>(null);
  if (!live) {
    const valueLabel = data.find((option) => option.value === value)?.label ?? '';
    return (
      <ClosedSelect
        {...shown}
        value={value}
        valueLabel={valueLabel}
        width={width}
        onFocus={() => {
          setReached((current) => current ?? 'focused');
          now();
        }}
        onClick={() => {
          setReached('tapped');
          now();
        }}
        // Moved on before the real select arrived (Tab to the next field): it must not take the focus back.
        onBlur={() => setReached(null)}
      />
    );
  }
  return (
    <Select
      {...shown}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next == null ? null : String(next))}
      allowDeselect={allowDeselect}
      w={width}
      // The stand-in had the focus, or the tap: the real select takes them over.
      autoFocus={reached !== null}
      defaultDropdownOpened={reached === 'tapped'}
    />
  );
}
