import type { CSSProperties, ReactNode } from 'react';

/*
 * Mantine's Pagination (siblings 1, boundaries 1) as the markup it renders, for the search page's
 * first paint (ADR 098); the real one takes over once the page is live. Its buttons work meanwhile.
 * static-choice.test.tsx checks the markup still equals Mantine's.
 */

const CONTROL =
  'mantine-focus-auto mantine-active m_326d024a mantine-Pagination-control m_87cf2631 mantine-UnstyledButton-root';
const ICON_STYLE = {
  width: 'calc(var(--pagination-control-size) / 1.8)',
  height: 'calc(var(--pagination-control-size) / 1.8)',
} as CSSProperties;
const GROUP_STYLE = {
  '--group-gap': 'calc(0.5rem * var(--mantine-scale))',
  '--group-align': 'center',
  '--group-justify': 'flex-start',
  '--group-wrap': 'wrap',
} as CSSProperties;

const range = (start: number, end: number) =>
  Array.from({ length: end - start + 1 }, (_, index) => index + start);

/** The pages and gaps Mantine's usePagination shows around `active` (siblings 1, boundaries 1). */
export function paginationRange(total: number, active: number): (number | 'dots')[] {
  if (7 >= total) return range(1, total);
  const left = Math.max(active - 1, 1);
  const right = Math.min(active + 1, total - 1);
  const leftDots = left > 3;
  const rightDots = right < total - 2;
  if (!leftDots && rightDots) return [...range(1, 5), 'dots', total];
  if (leftDots && !rightDots) return [1, 'dots', ...range(total - 4, total)];
  return [1, 'dots', ...range(left, right), 'dots', total];
}

function Edge({
  label,
  disabled,
  onClick,
  path,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  path: string;
}) {
  return (
    <button
      className={disabled ? CONTROL.replace(' mantine-active', '') : CONTROL}
      data-disabled={disabled ? 'true' : undefined}
      type="button"
      disabled={disabled || undefined}
      aria-label={label}
      onClick={onClick}
    >
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's arrow as Mantine draws it; the button is named by aria-label */}
      <svg
        viewBox="0 0 16 16"
        xmlns="http://www.w3.org/2000/svg"
        style={ICON_STYLE}
        className="mantine-rotate-rtl"
      >
        <path d={path} fill="currentColor" />
      </svg>
    </button>
  );
}

/** `<Pagination total value onChange getControlProps={(c) => ({'aria-label': `${c} page`})}>`. */
export function StaticPagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}): ReactNode {
  return (
    // The active page's text colour: what the theme's autoContrast picks for the primary shade.
    <div
      style={{ '--pagination-active-color': 'var(--mantine-color-white)' } as CSSProperties}
      className="m_4addd315 mantine-Pagination-root"
    >
      <div style={GROUP_STYLE} className="m_4081bf90 mantine-Group-root">
        <Edge
          label="previous page"
          disabled={value <= 1}
          onClick={() => onChange(value - 1)}
          path="M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z"
        />
        {paginationRange(total, value).map((page, index) =>
          page === 'dots' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: Mantine keys its items by position too
            <div key={index} className="m_4ad7767d mantine-Pagination-dots">
              {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's gap marker as Mantine draws it */}
              <svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg" style={ICON_STYLE}>
                <path
                  d="M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z"
                  fill="currentColor"
                />
              </svg>
            </div>
          ) : (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: Mantine keys its items by position too
              key={index}
              className={CONTROL}
              data-active={page === value ? 'true' : undefined}
              data-with-padding="true"
              type="button"
              aria-current={page === value ? 'page' : undefined}
              onClick={() => onChange(page)}
            >
              {page}
            </button>
          ),
        )}
        <Edge
          label="next page"
          disabled={value >= total}
          onClick={() => onChange(value + 1)}
          path="M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z"
        />
      </div>
    </div>
  );
}
