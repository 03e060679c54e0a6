import { IconCheck, IconKey } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Eyebrow } from '../eyebrow.tsx';
import { FACTS } from '../facts.ts';
import classes from './home.module.css';

const UP_FRONT = [
  'The price for your time, in dollars, with nothing added at checkout',
  'How far away it is, and the area it is in',
  'Accessibility features, as clearly as the price',
  'Its photos, opening hours and house rules',
];

const checkIcon = {
  '--icon-size': 'calc(1.5rem * var(--mantine-scale))',
  '--icon-radius': 'var(--mantine-radius-xl)',
};
const keyIcon = {
  '--icon-size': 'calc(2.25rem * var(--mantine-scale))',
  '--icon-radius': 'var(--mantine-radius-md)',
};

/**
 * The home page's first screen. `search` is the "find a bathroom near…" form; without one the hero
 * leads to an account and the guide instead. Static parts are plain markup (home.module.css): they
 * are rendered for every visitor, and Mantine's layout components cost more than the rest of the page.
 */
export function HomeHero({ search }: { search: ReactNode }) {
  return (
    <div className={classes.hero}>
      <div className={classes.container}>
        <div className={classes.heroColumns}>
          <div
            className={`${classes.stack} ${classes.col7}`}
            style={{ '--stack-gap': 'var(--mantine-spacing-lg)' } as CSSProperties}
          >
            <Eyebrow>Private bathrooms by the quarter hour</Eyebrow>
            <h1 className={classes.heroTitle}>A clean, private bathroom nearby, booked in a minute.</h1>
            <p className={classes.heroLead}>
              Privy lets you book a local host&apos;s private bathroom for as little as{' '}
              {FACTS.shortestBookingMinutes} minutes. You see the price, the distance and the accessibility
              features before you book, and the address and door instructions the moment it is confirmed.
            </p>
            {search}
            <p className={`${classes.small} ${classes.dimmed}`}>
              Free to join. You pay only for the time you book.
            </p>
          </div>
          <div className={classes.col5}>
            <div className={classes.heroCard}>
              <h2 className={classes.heroCardTitle}>Before you book, every listing shows</h2>
              <ul className={classes.checkList}>
                {UP_FRONT.map((item) => (
                  <li key={item}>
                    <div className={classes.checkItem}>
                      <span className={classes.checkIcon}>
                        <span
                          className={classes.iconLight}
                          style={checkIcon as CSSProperties}
                          aria-hidden="true"
                        >
                          <IconCheck size={16} />
                        </span>
                      </span>
                      <span>{item}</span>
                    </div>
                  </li>
                ))}
              </ul>
              <div className={classes.heroNote}>
                <span className={classes.icon} style={keyIcon as CSSProperties} aria-hidden="true">
                  <IconKey size={20} />
                </span>
                <p className={classes.small} style={{ lineHeight: 1.55 }}>
                  <strong>Once your booking is confirmed</strong>, you get the exact address and the
                  host&apos;s access instructions. Until then, the address stays private.
                </p>
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
