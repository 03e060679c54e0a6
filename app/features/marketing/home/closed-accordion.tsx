import type { CSSProperties, ReactNode } from 'react';

/*
 * Mantine's `<Accordion variant="separated" radius="md" order={3}>` with every item closed, as the
 * markup it renders, for the server and the first paint of the home page's questions: the real
 * Accordion (a dozen components per item) cost about a tenth of rendering the home page for every
 * visitor (docs/PERFORMANCE.md, SSR section). The caller swaps in the real Accordion once the page
 * is live; it draws the same, and opens and closes. Closed panels render empty, as Mantine's do.
 * closed-accordion.test.tsx checks the markup still equals Mantine's.
 */

const ROOT_STYLE = {
  '--accordion-chevron-size': 'auto',
  '--accordion-radius': 'var(--mantine-radius-md)',
} as CSSProperties;
const CHEVRON_STYLE: CSSProperties = {
  width: 'calc(1rem * var(--mantine-scale))',
  height: 'calc(1rem * var(--mantine-scale))',
  display: 'block',
};
const PANEL_STYLE: CSSProperties = {
  boxSizing: 'border-box',
  opacity: 0,
  transition: 'opacity 200ms ease',
  height: 0,
  overflow: 'hidden',
  display: 'none',
};

export function ClosedAccordion({
  id,
  items,
}: {
  id: string;
  items: { value: string; control: ReactNode }[];
}) {
  return (
    <div
      style={ROOT_STYLE}
      className="m_9bdbb667 mantine-Accordion-root"
      data-variant="separated"
      id={id}
      data-accordion="true"
    >
      {items.map((item) => (
        <div key={item.value} className="m_9f59b069 m_9bd7b098 mantine-Accordion-item">
          <h3 className="m_8fa820a0 mantine-Accordion-itemTitle">
            <button
              className="mantine-focus-auto m_4ba585b8 mantine-Accordion-control m_87cf2631 mantine-UnstyledButton-root"
              data-accordion-control="true"
              data-chevron-position="right"
              type="button"
              aria-expanded="false"
              aria-controls={`${id}-panel-${item.value}`}
              id={`${id}-control-${item.value}`}
            >
              <span className="m_3f35ae96 mantine-Accordion-chevron" data-position="right">
                {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's chevron as Mantine draws it (decoration in a labelled button) */}
                <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={CHEVRON_STYLE}>
                  <path
                    d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
                    fill="currentColor"
                    fillRule="evenodd"
                    clipRule="evenodd"
                  />
                </svg>
              </span>
              <span className="m_df3ffa0f mantine-Accordion-label">{item.control}</span>
            </button>
          </h3>
          {/* biome-ignore lint/a11y/useSemanticElements: Mantine's panel element, as Mantine draws it */}
          <div
            style={PANEL_STYLE}
            className="m_df78851f mantine-Accordion-panel"
            role="region"
            id={`${id}-panel-${item.value}`}
            aria-labelledby={`${id}-control-${item.value}`}
            aria-hidden="true"
            inert
          />
        </div>
      ))}
    </div>
  );
}
