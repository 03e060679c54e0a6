import { type ChangeEvent, type CSSProperties, type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { useEarlyInput } from './use-early-input.ts';

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
/** With an error, Mantine's wrapper keeps room under the input for the message. */
const ERROR_MARGIN = { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' };
const ERROR_STYLE = {
  '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
} as CSSProperties;
const CLEAR_SECTION_STYLE = {
  display: 'flex',
  gap: '2px',
  alignItems: 'center',
  paddingInlineEnd: '8px',
} as CSSProperties;
const CLEAR_BUTTON_STYLE = {
  '--cb-size': 'var(--cb-size-sm)',
  pointerEvents: 'all',
  background: 'var(--input-bg)',
} as CSSProperties;
const CLEAR_ICON_STYLE = { width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' };

type InputKind = 'TextInput' | 'Select' | 'NativeSelect';

/** Mantine's asterisk after the label of a required field. */
function RequiredMark({ kind }: { kind: InputKind }) {
  return (
    <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
      {' *'}
    </span>
  );
}

function InputError({ id, kind, error }: { id: string; kind: InputKind; error: string }) {
  return (
    <p
      style={ERROR_STYLE}
      className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
      data-size="sm"
      id={`${id}-error`}
    >
      {error}
    </p>
  );
}

/**
 * What every stand-in field does: keeps what was typed or picked before hydration (use-early-input)
 * and tells the browser why a value cannot be taken, so it refuses to submit the form.
 */
function useStandInField(
  field: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  validity: string | null | undefined,
) {
  useEarlyInput(field, value);
  // In the same commit that draws the error, so the field is never shown refused yet submittable.
  useLayoutEffect(() => {
    field.current?.setCustomValidity(validity ?? '');
  }, [field, validity]);
}

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
  min,
  max,
  name,
  required,
  validity,
  error,
  onChange,
}: {
  id?: string;
  label: string;
  type: 'date' | 'time' | 'text';
  value: string;
  step?: number;
  min?: string | undefined;
  max?: string | undefined;
  name?: string | undefined;
  required?: boolean | undefined;
  /** Why the value cannot be taken: the browser then refuses to submit the form (setCustomValidity). */
  validity?: string | null | undefined;
  error?: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useMantineInputId(givenId);
  const invalid = error ? 'true' : undefined;
  const input = useRef<HTMLInputElement>(null);
  useStandInField(input, value, validity);
  return (
    <div
      className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
      data-size="sm"
      data-error={invalid}
    >
      <label
        style={LABEL_STYLE}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
        data-size="sm"
        data-required={required ? 'true' : undefined}
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
        {required && <RequiredMark kind="TextInput" />}
      </label>
      <div
        style={error ? ({ ...ERROR_MARGIN, ...WRAPPER_STYLE } as CSSProperties) : WRAPPER_STYLE}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={invalid}
      >
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={invalid}
          type={type}
          step={step}
          min={min}
          max={max}
          required={required}
          aria-invalid={invalid}
          aria-describedby={error ? `${id}-error` : undefined}
          id={id}
          name={name}
          ref={input}
          value={value}
          onChange={onChange}
        />
      </div>
      {error && <InputError id={id} kind="TextInput" error={error} />}
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
  'aria-label': ariaLabel,
  value,
  valueLabel,
  placeholder,
  clearable,
  error,
  width,
  onClick,
  onFocus,
  onBlur,
}: {
  id?: string;
  label?: string;
  'aria-label'?: string;
  value: string;
  valueLabel: string;
  placeholder?: string;
  /** `clearable`: with a value, Mantine draws its clear button beside the chevron */
  clearable?: boolean;
  error?: string | undefined;
  /** `w` in px */
  width?: number;
  /** a tap before the real Select has taken over */
  onClick?: () => void;
  /** focus (a tap or Tab) before the real Select has taken over */
  onFocus?: () => void;
  onBlur?: () => void;
}) {
  const id = useMantineInputId(givenId);
  const invalid = error ? 'true' : undefined;
  const chevron = (
    // biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's chevron as Mantine draws it (decoration in a labelled combobox)
    <svg
      style={CHEVRON_STYLE}
      className="m_2943220b mantine-ComboboxChevron-chevron"
      data-size="sm"
      data-combobox-chevron="true"
      data-error={error || undefined}
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
    </svg>
  );
  return (
    <>
      <div
        style={width === undefined ? undefined : { width: `calc(${width / 16}rem * var(--mantine-scale))` }}
        className="m_46b77525 mantine-InputWrapper-root mantine-Select-root"
        data-size="sm"
        data-error={invalid}
      >
        {label !== undefined && (
          <label
            style={LABEL_STYLE}
            className="m_8fdc1311 mantine-InputWrapper-label mantine-Select-label"
            data-size="sm"
            htmlFor={id}
            id={`${id}-label`}
          >
            {label}
          </label>
        )}
        <div
          style={
            error ? ({ ...ERROR_MARGIN, ...SELECT_WRAPPER_STYLE } as CSSProperties) : SELECT_WRAPPER_STYLE
          }
          className="m_6c018570 mantine-Input-wrapper mantine-Select-wrapper"
          data-variant="default"
          data-size="sm"
          data-error={invalid}
          data-pointer="true"
          data-with-right-section="true"
        >
          <input
            className="m_8fb7ebe7 mantine-Input-input mantine-Select-input"
            data-variant="default"
            data-error={invalid}
            placeholder={placeholder}
            aria-label={ariaLabel}
            readOnly
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded="false"
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={error ? `${id}-error` : undefined}
            id={id}
            value={valueLabel}
            onClick={onClick}
            onFocus={onFocus}
            onBlur={onBlur}
          />
          <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-Select-section">
            {clearable && value ? (
              <div data-combined-clear-section="true" style={CLEAR_SECTION_STYLE}>
                <button
                  style={CLEAR_BUTTON_STYLE}
                  className="mantine-focus-auto mantine-active m_86a44da5 mantine-InputClearButton-root m_87cf2631 mantine-UnstyledButton-root"
                  data-variant="transparent"
                  data-size="sm"
                  type="button"
                  tabIndex={-1}
                  aria-hidden="true"
                >
                  {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's clear icon, in a button hidden from assistive technology */}
                  <svg
                    viewBox="0 0 15 15"
                    fill="none"
                    xmlns="http://www.w3.org/2000/svg"
                    style={CLEAR_ICON_STYLE}
                  >
                    <path d={CROSS_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
                  </svg>
                </button>
                {chevron}
              </div>
            ) : (
              chevron
            )}
          </div>
        </div>
        {error && <InputError id={id} kind="Select" error={error} />}
      </div>
      <input type="hidden" value={value} />
    </>
  );
}

/**
 * `<NativeSelect label=… data=… value=… onChange=…>` (size sm) as plain markup: the browser's own
 * list (a wheel on phones), drawn the same before and after hydration, so it needs no stand-in.
 */
export function StaticNativeSelect({
  id: givenId,
  label,
  'aria-label': ariaLabel,
  data,
  value,
  name,
  required,
  validity,
  error,
  onChange,
}: {
  id?: string;
  /** A visible label; without one, `aria-label` names the field. */
  label?: string | undefined;
  'aria-label'?: string | undefined;
  data: readonly { value: string; label: string }[];
  value: string;
  name?: string | undefined;
  required?: boolean | undefined;
  /** Why the value cannot be taken: the browser then refuses to submit the form (setCustomValidity). */
  validity?: string | null | undefined;
  error?: string | undefined;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const id = useMantineInputId(givenId);
  const invalid = error ? 'true' : undefined;
  const select = useRef<HTMLSelectElement>(null);
  useStandInField(select, value, validity);
  return (
    <div
      className="m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root"
      data-size="sm"
      data-error={invalid}
    >
      {label !== undefined && (
        <label
          style={LABEL_STYLE}
          className="m_8fdc1311 mantine-InputWrapper-label mantine-NativeSelect-label"
          data-size="sm"
          data-required={required ? 'true' : undefined}
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
          {required && <RequiredMark kind="NativeSelect" />}
        </label>
      )}
      <div
        style={error ? ({ ...ERROR_MARGIN, ...SELECT_WRAPPER_STYLE } as CSSProperties) : SELECT_WRAPPER_STYLE}
        className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={invalid}
        data-pointer="true"
        data-with-right-section="true"
      >
        <select
          className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          data-error={invalid}
          name={name}
          required={required}
          aria-label={ariaLabel}
          aria-invalid={invalid}
          aria-describedby={error ? `${id}-error` : undefined}
          id={id}
          ref={select}
          value={value}
          onChange={onChange}
        >
          {data.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
          {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's chevron as Mantine draws it (decoration in a labelled select) */}
          <svg
            style={CHEVRON_STYLE}
            className="m_2943220b mantine-ComboboxChevron-chevron"
            data-size="sm"
            data-combobox-chevron="true"
            data-error={error || undefined}
            viewBox="0 0 15 15"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
          >
            <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
      </div>
      {error && <InputError id={id} kind="NativeSelect" error={error} />}
    </div>
  );
}

const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';
const CROSS_PATH =
  'M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z';
