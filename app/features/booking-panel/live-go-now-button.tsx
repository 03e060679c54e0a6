import { IconBolt } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { lazyPart } from '../../lib/patient-import.ts';
import { takeEarlyTap } from '../../ui/early-taps.ts';
import { useLive } from '../../ui/use-live.ts';
import classes from './go-now.module.css';
import type { GoNowPoint } from './go-now-button.tsx';

const GoNowButton = lazyPart(() =>
  import('./go-now-button.tsx').then((module) => ({ default: module.GoNowButton })),
);

const STACK_STYLE = {
  '--stack-gap': 'calc(0.25rem * var(--mantine-scale))',
  '--stack-align': 'stretch',
  '--stack-justify': 'flex-start',
} as CSSProperties;
const BUTTON_STYLE = {
  '--button-height': 'var(--button-height-lg)',
  '--button-padding-x': 'var(--button-padding-x-lg)',
  '--button-fz': 'var(--mantine-font-size-lg)',
  '--button-bg': 'var(--mantine-color-orange-filled)',
  '--button-hover': 'var(--mantine-color-orange-filled-hover)',
  '--button-color': 'var(--mantine-color-white)',
  '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

/**
 * GoNowButton's markup (Mantine's Stack and orange Button, idle), for the server and the first paint
 * of the home page; live-go-now-button.test.tsx checks it equals what GoNowButton draws.
 */
export function GoNowStandIn({ onClick }: { onClick?: () => void }) {
  return (
    <div style={STACK_STYLE} className="m_6d731127 mantine-Stack-root">
      <button
        style={BUTTON_STYLE}
        className={`mantine-focus-auto mantine-active ${classes.button} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
        data-size="lg"
        data-block="true"
        data-with-left-section="true"
        type="button"
        data-early-tap="go-now"
        onClick={onClick}
      >
        <span className="m_80f1301b mantine-Button-inner">
          <span className="m_a74036a mantine-Button-section" data-position="left">
            <IconBolt size={20} aria-hidden />
          </span>
          <span className="m_811560b9 mantine-Button-label">Go now: free in 15 minutes</span>
        </span>
      </button>
    </div>
  );
}

/**
 * The home page's "Go now": its markup first, the working button once the page is live. A tap
 * before its code has loaded is kept, and acted on as soon as it has; so is one before the page
 * hydrated (early-taps.ts).
 */
export function LiveGoNowButton(props: { point: GoNowPoint | null; geolocate?: boolean }) {
  const live = useLive();
  const [tapped, setTapped] = useState(false);
  useEffect(() => {
    if (takeEarlyTap('go-now')) setTapped(true);
  }, []);
  return live ? (
    <GoNowButton {...props} startOnMount={tapped} />
  ) : (
    <GoNowStandIn onClick={() => setTapped(true)} />
  );
}
