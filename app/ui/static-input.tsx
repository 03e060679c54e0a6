import { type ChangeEvent, type CSSProperties, useId } from 'react';

/*
 * Mantine's TextInput and a closed Select as the markup they render (size sm, no error or
 * description), for the home page's search form: on the server, Mantine's input stack (wrapper,
 * label, input, and for a Select a combobox with a floating dropdown) cost about a quarter of
 * rendering the home page for every visitor (docs/PERFORMANCE.md, SSR section). The classes and
 * variables are Mantine's, so its stylesheet draws them; static-input.test.tsx checks the markup still
 * equals Mantine's.
 */

const LABEL_STYLE = { '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties;
const WRAPPER_STYLE = {
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
} as CSSProperties;
const SELECT_WRAPPER_STYLE = {
  ...WRAPPER_STYLE,
  '--input-right-section-pointer-events': 'none',
} as CSSProperties;
const CHEVRON_STYLE = { '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' } as CSSProperties;

/** The same ids Mantine's inputs give themselves (`mantine-` and React's id). */
export function useMantineInputId(id?: string): string {
  const reactId = useId();
  return id ?? `mantine-${reactId.replace(/:/g, '')}`;
}

/** `<TextInput label=… type=… value=… onChange=…>`, controlled, as plain markup. */
export function StaticTextInput({
  id: givenId,
  label,
  type,
  value,
  step,
  onChange,
}: {
  id?: string;
  label: string;
  type: 'date' | 'time' | 'text';
  value: string;
  step?: number;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useMantineInputId(givenId);
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="sm">
      <label
        style={LABEL_STYLE}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
        data-size="sm"
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
      </label>
      <div
        style={WRAPPER_STYLE}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
      >
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          type={type}
          step={step}
          id={id}
          value={value}
          onChange={onChange}
        />
      </div>
    </div>
  );
}

/**
 * A closed `<Select label=… value=…>` (size sm, default chevron), drawn until the page has hydrated;
 * the caller then renders the real Select in its place, which looks the same and opens its list.
 */
export function ClosedSelect({
  id: givenId,
  label,
  value,
  valueLabel,
}: {
  id?: string;
  label: string;
  value: string;
  valueLabel: string;
}) {
  const id = useMantineInputId(givenId);
  return (
    <>
      <div className="m_46b77525 mantine-InputWrapper-root mantine-Select-root" data-size="sm">
        <label
          style={LABEL_STYLE}
          className="m_8fdc1311 mantine-InputWrapper-label mantine-Select-label"
          data-size="sm"
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
        </label>
        <div
          style={SELECT_WRAPPER_STYLE}
          className="m_6c018570 mantine-Input-wrapper mantine-Select-wrapper"
          data-variant="default"
          data-size="sm"
          data-pointer="true"
          data-with-right-section="true"
        >
          <input
            className="m_8fb7ebe7 mantine-Input-input mantine-Select-input"
            data-variant="default"
            readOnly
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded="false"
            autoComplete="off"
            id={id}
            value={valueLabel}
          />
          <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-Select-section">
            {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's chevron as Mantine draws it (decoration in a labelled combobox) */}
            <svg
              style={CHEVRON_STYLE}
              className="m_2943220b mantine-ComboboxChevron-chevron"
              data-size="sm"
              data-combobox-chevron="true"
              viewBox="0 0 15 15"
              fill="none"
              xmlns="http://www.w3.org/2000/svg"
            >
              <path
                d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
                fill="currentColor"
                fillRule="evenodd"
                clipRule="evenodd"
              />
            </svg>
          </div>
        </div>
      </div>
      <input type="hidden" value={value} />
    </>
  );
}
