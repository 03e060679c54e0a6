import type { CSSProperties } from 'react';
import {
  ComboboxChevron,
  ERROR_MARGIN,
  InputError,
  LABEL_STYLE,
  SELECT_WRAPPER_STYLE,
  useMantineInputId,
} from './static-input.tsx';

/*
 * Mantine's closed Select as the markup it renders (size sm), for the pages everyone lands on: the
 * real Select replaces it once the page is live (live-select.tsx). The shared pieces of Mantine's
 * input markup live in static-input.tsx; static-input.test.tsx checks this still equals Mantine's.
 */

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
  const chevron = <ComboboxChevron error={error} />;
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

const CROSS_PATH =
  'M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z';
