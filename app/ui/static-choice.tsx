import { type ComponentProps, type CSSProperties, type ReactNode, useRef } from 'react';
import { useMantineInputId } from './static-input.tsx';
import { useEarlyInput } from './use-early-input.ts';

/** A controlled radio that keeps a tap made before hydration (use-early-input.ts). */
function Radio(props: Omit<ComponentProps<'input'>, 'ref'> & { type: 'radio'; checked: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  useEarlyInput(input, props.checked);
  // Spread in the caller's order: the markup must stay equal to Mantine's (static-choice.test.tsx).
  return <input ref={input} {...props} />;
}

/*
 * Mantine's SegmentedControl, Chip (in a Chip.Group), Alert and Table as the markup they render, for
 * the search and listing pages' first paint (ADR 098): the real components load once the page is
 * live and take their place. They work meanwhile (they are radios and links), so a tap before the
 * real ones arrive is not lost. static-choice.test.tsx checks the markup still equals Mantine's.
 */

const SEGMENTED_STYLE = { '--sc-shadow': 'var(--mantine-shadow-xs)' } as CSSProperties;

/** `<SegmentedControl data=… value=… onChange=…>` before its indicator has measured itself. */
export function StaticSegmentedControl({
  'aria-label': ariaLabel,
  data,
  value,
  onChange,
  fullWidth,
}: {
  'aria-label': string;
  data: { value: string; label: ReactNode }[];
  value: string;
  onChange: (value: string) => void;
  fullWidth?: boolean;
}) {
  const name = useMantineInputId();
  return (
    <div
      style={SEGMENTED_STYLE}
      className="m_cf365364 mantine-SegmentedControl-root"
      data-full-width={fullWidth ? 'true' : undefined}
      data-with-items-borders="true"
      aria-label={ariaLabel}
      role="radiogroup"
    >
      {data.map((item) => {
        const active = item.value === value ? 'true' : undefined;
        return (
          <div key={item.value} className="m_69686b9b mantine-SegmentedControl-control" data-active={active}>
            <Radio
              className="m_1714d588 mantine-SegmentedControl-input"
              type="radio"
              id={`${name}-${item.value}`}
              data-focus-ring="auto"
              name={name}
              checked={item.value === value}
              value={item.value}
              onChange={() => onChange(item.value)}
            />
            <label
              className="m_1738fcb2 mantine-SegmentedControl-label"
              data-active={active}
              htmlFor={`${name}-${item.value}`}
            >
              <span className="m_78882f40 mantine-SegmentedControl-innerLabel">{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}

const CHIP_STYLE = {
  '--chip-fz': 'var(--mantine-font-size-sm)',
  '--chip-size': 'var(--chip-size-sm)',
  '--chip-checked-padding': 'var(--chip-checked-padding-sm)',
  '--chip-padding': 'var(--chip-padding-sm)',
  '--chip-icon-size': 'var(--chip-icon-size-sm)',
  '--chip-bg': 'transparent',
  '--chip-hover': 'var(--mantine-color-teal-outline-hover)',
  '--chip-color': 'var(--mantine-color-teal-outline)',
  '--chip-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-teal-outline)',
  '--chip-spacing': 'var(--chip-spacing-sm)',
} as CSSProperties;

/** `<Chip value=… size="sm" variant="outline">` inside a single-choice `<Chip.Group>`. */
export function StaticChip({
  value,
  checked,
  onChange,
  children,
}: {
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useMantineInputId();
  return (
    <div style={CHIP_STYLE} className="m_f59ffda3 mantine-Chip-root" data-variant="outline" data-size="sm">
      <Radio
        type="radio"
        className="m_bde07329 mantine-Chip-input"
        id={id}
        checked={checked}
        value={value}
        onChange={() => onChange(value)}
      />
      <label
        className="m_3904c1af m_be049a53 mantine-Chip-label"
        data-checked={checked ? 'true' : undefined}
        htmlFor={id}
      >
        {checked && (
          <span className="m_9ac86df9 mantine-Chip-iconWrapper">
            <svg
              viewBox="0 0 10 7"
              fill="none"
              xmlns="http://www.w3.org/2000/svg"
              aria-hidden="true"
              className="m_d6d72580 mantine-Chip-checkIcon"
            >
              <path
                d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
                fill="currentColor"
                fillRule="evenodd"
                clipRule="evenodd"
              />
            </svg>
          </span>
        )}
        <span>{children}</span>
      </label>
    </div>
  );
}

const RED_ALERT_STYLE = {
  '--alert-bg': 'var(--mantine-color-red-light)',
  '--alert-color': 'var(--mantine-color-red-light-color)',
  '--alert-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

/** `<Alert color="red" role="alert">` with a message and no title. */
export function StaticRedAlert({
  children,
  'data-testid': testId,
}: {
  children: ReactNode;
  'data-testid'?: string;
}) {
  const id = useMantineInputId();
  return (
    <div
      style={RED_ALERT_STYLE}
      className="m_66836ed3 mantine-Alert-root"
      id={id}
      data-testid={testId}
      role="alert"
      aria-describedby={`${id}-body`}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

const TABLE_STYLE = {
  '--table-vertical-spacing': 'calc(0.25rem * var(--mantine-scale))',
  fontSize: 'var(--mantine-font-size-sm)',
} as CSSProperties;

/**
 * `<Table verticalSpacing={4} fz="sm"><Table.Tbody>` of rows headed by a `<Table.Th scope="row"
 * fw={500}>`. Mantine's Table brings its scroll container (ScrollArea, floating-ui) along even when
 * it is not used; this one has nothing to do in the browser.
 */
export function StaticRowTable({
  rows,
}: {
  rows: { key: string | number; head: ReactNode; cell: ReactNode }[];
}) {
  return (
    <table style={TABLE_STYLE} className="m_b23fa0ef mantine-Table-table">
      <tbody className="m_b2404537 mantine-Table-tbody">
        {rows.map((row) => (
          <tr key={row.key} className="m_4e7aa4fd mantine-Table-tr" data-with-row-border="true">
            <th style={{ fontWeight: 500 }} className="m_4e7aa4f3 mantine-Table-th" scope="row">
              {row.head}
            </th>
            <td className="m_4e7aa4ef mantine-Table-td">{row.cell}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
