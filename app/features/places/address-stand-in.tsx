import { IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { type ChangeEvent, type CSSProperties, useEffect, useId, useRef } from 'react';
import { useMantineInputId } from '../../ui/static-input.tsx';
import { useEarlyInput } from '../../ui/use-early-input.ts';

/*
 * AddressAutocomplete (Mantine's TextInput in a Combobox, and a "Use my location" Button) as the
 * markup it renders while its list is closed and nothing is loading. The home page draws this on
 * the server and for the first paint, and swaps in the real one once the page is live
 * (live-address-autocomplete.tsx): the Combobox with its floating dropdown, the input stack and the
 * Button are a fifth of the home page's JavaScript. address-stand-in.test.tsx checks the markup
 * still equals what AddressAutocomplete draws.
 */

const LABEL_STYLE = { '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties;
const HINT_SIZE = 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))';
const WRAPPER_STYLE = {
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
} as CSSProperties;
const HINT_MARGIN = 'calc(var(--mantine-spacing-xs) / 2)';
function wrapperStyle(description: boolean, error: boolean): CSSProperties {
  return {
    ...(description ? { '--input-margin-top': HINT_MARGIN } : {}),
    ...(error ? { '--input-margin-bottom': HINT_MARGIN } : {}),
    ...WRAPPER_STYLE,
  } as CSSProperties;
}
const GROUP_STYLE = {
  '--group-gap': 'var(--mantine-spacing-md)',
  '--group-align': 'center',
  '--group-justify': 'flex-start',
  '--group-wrap': 'wrap',
  marginTop: 'calc(0.375rem * var(--mantine-scale))',
} as CSSProperties;
const BUTTON_STYLE = {
  '--button-height': 'var(--button-height-compact-sm)',
  '--button-padding-x': 'var(--button-padding-x-compact-sm)',
  '--button-fz': 'var(--mantine-font-size-sm)',
  '--button-bg': 'transparent',
  '--button-hover': 'var(--mantine-color-teal-light-hover)',
  '--button-color': 'var(--mantine-color-teal-light-color)',
  '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

export type AddressStandInProps = {
  label: string;
  text: string;
  onTextChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocusChange: (focused: boolean) => void;
  onMyLocation?: () => void;
  placeholder?: string;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  withMyLocation?: boolean;
};

export function AddressStandIn({
  label,
  text,
  onTextChange,
  onFocusChange,
  onMyLocation,
  placeholder = 'City or town, e.g. Austin, TX',
  description,
  error,
  required = false,
  withMyLocation = true,
}: AddressStandInProps) {
  const id = useMantineInputId();
  const statusId = useId();
  const invalid = error ? true : undefined;
  const describedBy = [error && `${id}-error`, description && `${id}-description`].filter(Boolean).join('  ');
  const input = useRef<HTMLInputElement>(null);
  useEarlyInput(input, text);
  // Focused before hydration (no focus event reached React): the live field must keep the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the focus at hydration
  useEffect(() => {
    if (input.current && document.activeElement === input.current) onFocusChange(true);
  }, []);
  return (
    <div>
      <div
        className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
        data-size="sm"
        data-error={invalid}
      >
        <label
          style={LABEL_STYLE}
          className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
          data-size="sm"
          data-required={required || undefined}
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
          {required ? (
            <span className="m_78a94662 mantine-InputWrapper-required mantine-TextInput-required" aria-hidden>
              {' *'}
            </span>
          ) : null}
        </label>
        {description ? (
          <p
            style={{ '--input-description-size': HINT_SIZE } as CSSProperties}
            className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
            data-size="sm"
            id={`${id}-description`}
          >
            {description}
          </p>
        ) : null}
        <div
          style={wrapperStyle(Boolean(description), Boolean(error))}
          className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
          data-variant="default"
          data-size="sm"
          data-error={invalid}
          data-with-left-section="true"
        >
          <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            <IconMapPin size={18} aria-hidden />
          </div>
          <input
            className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
            data-variant="default"
            data-error={invalid}
            placeholder={placeholder}
            autoComplete="off"
            aria-describedby={describedBy || undefined}
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded="false"
            aria-invalid={invalid}
            required={required || undefined}
            id={id}
            ref={input}
            value={text}
            onChange={onTextChange}
            onFocus={() => onFocusChange(true)}
            onBlur={() => onFocusChange(false)}
          />
        </div>
        {error ? (
          <p
            style={{ '--input-error-size': HINT_SIZE } as CSSProperties}
            className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"
            data-size="sm"
            id={`${id}-error`}
          >
            {error}
          </p>
        ) : null}
      </div>
      <span className="m_515a97f8 mantine-VisuallyHidden-root" id={statusId} aria-live="polite" />
      {withMyLocation ? (
        <div style={GROUP_STYLE} className="m_4081bf90 mantine-Group-root">
          {/* A tap is kept and acted on by the real field once it has loaded. */}
          <button
            style={BUTTON_STYLE}
            className="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root"
            data-variant="subtle"
            data-size="compact-sm"
            data-with-left-section="true"
            type="button"
            onClick={onMyLocation}
          >
            <span className="m_80f1301b mantine-Button-inner">
              <span className="m_a74036a mantine-Button-section" data-position="left">
                <IconCurrentLocation size={16} aria-hidden />
              </span>
              <span className="m_811560b9 mantine-Button-label">Use my location</span>
            </span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
