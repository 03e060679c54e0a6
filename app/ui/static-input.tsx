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

export const LABEL_STYLE = { '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties;
const WRAPPER_STYLE = {
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
} as CSSProperties;
export const SELECT_WRAPPER_STYLE = {
  ...WRAPPER_STYLE,
  '--input-right-section-pointer-events': 'none',
} as CSSProperties;
const CHEVRON_STYLE = {
  '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)',
} as CSSProperties;
/** With an error, Mantine's wrapper keeps room under the input for the message. */
export const ERROR_MARGIN = { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' };
const ERROR_STYLE = {
  '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
} as CSSProperties;

export type InputKind = 'TextInput' | 'Select' | 'NativeSelect';

/** Mantine's asterisk after the label of a required field. */
function RequiredMark({ kind }: { kind: InputKind }) {
  return (
    <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
      {' *'}
    </span>
  );
}

export function InputError({ id, kind, error }: { id: string; kind: InputKind; error: string }) {
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
          <ComboboxChevron error={error} />
        </div>
      </div>
      {error && <InputError id={id} kind="NativeSelect" error={error} />}
    </div>
  );
}

/** Mantine's ComboboxChevron as it draws it at size sm: decoration inside a labelled field. */
export function ComboboxChevron({ error }: { error?: string | undefined }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decoration in a labelled select or combobox
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
}

const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';
