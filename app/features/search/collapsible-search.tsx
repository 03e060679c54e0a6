import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import classes from './collapsible-search.module.css';

type Props = {
  /** The search in one line (search-summary.ts); null keeps the form open (no search yet, or errors). */
  summary: string | null;
  /** The URL's search: a new one folds the form again, so the new results come into view. */
  search: string;
  children: ReactNode;
};

/**
 * On a phone, the search form folded into its one-line summary once there are results, so the
 * first result shows on the first screen (ADR 116); a tap on the line unfolds it. Desktop always
 * shows the form (the CSS hides the line there).
 */
export function CollapsibleSearch({ summary, search, children }: Props) {
  const toggle = useRef<HTMLDetailsElement>(null);
  // Only a change folds it: on hydration the effect runs too, and a line tapped open before the
  // page was live must stay open.
  const shownSearch = useRef(search);
  useEffect(() => {
    if (shownSearch.current === search) return;
    shownSearch.current = search;
    if (toggle.current) toggle.current.open = false;
  }, [search]);
  // The form keeps its place in the tree whether or not the line is there: remounting it would put
  // its live parts back to their stand-ins (ADR 098).
  return (
    <div>
      {summary === null ? null : (
        <details ref={toggle} className={classes.toggle} data-testid="search-summary">
          <summary className={classes.summary}>
            <IconSearch size={18} aria-hidden />
            <span className={classes.text}>
              <span className={classes.hidden}>Change search: </span>
              {summary}
            </span>
            <IconChevronDown size={18} aria-hidden className={classes.chevron} />
          </summary>
        </details>
      )}
      <div className={classes.form}>{children}</div>
    </div>
  );
}
