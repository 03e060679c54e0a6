import { getSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

// Its own module: the home page shows it without PageIntro's Mantine Stack, Title and Text.
/** The small teal label above a heading: a plain <p> styled like Mantine's Text (it is on every page). */
export function Eyebrow({ children, mb }: { children: ReactNode; mb?: number | string }) {
  return (
    <p className={classes.label} style={mb === undefined ? undefined : { marginBottom: getSpacing(mb) }}>
      {children}
    </p>
  );
}
