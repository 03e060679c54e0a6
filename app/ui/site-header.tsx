import { useMantineColorScheme } from '@mantine/core';
import { useDisclosure, useMounted } from '@mantine/hooks';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { lazyPart } from '../lib/patient-import.ts';
import { useRootData } from '../root.tsx';
import { Logo } from './logo.tsx';
import classes from './site-chrome.module.css';
import { DefaultActionIcon, HeaderBurger, LinkButton } from './static-button.tsx';
import { useLive } from './use-live.ts';

/*
 * The header is on every page, and the first load of the pages people land on should carry little
 * more than React (docs/PERFORMANCE.md, Lighthouse): the signed-in menu and notification panel load
 * only for a signed-in viewer, and the phone menu's Drawer once the page is live (closed, it draws
 * nothing). The signed-in menu sits in a Suspense boundary of its own: without one, the whole page
 * waited for its code before hydrating, and React dropped every tap, key and file choice made
 * anywhere on the page in the meantime (ADR 151).
 */
const AccountActions = lazyPart(() => import('./account-actions.tsx'));
const MobileNav = lazyPart(() => import('./mobile-nav.tsx'));

const NAV = [
  { to: '/how-it-works', label: 'How it works' },
  { to: '/services', label: 'Services' },
  { to: '/safety', label: 'Safety' },
];

export function ColorModeToggle() {
  const { colorScheme: stored, setColorScheme } = useMantineColorScheme();
  // The server cannot know the stored choice; render "auto" until mounted so hydration matches.
  const mounted = useMounted();
  const colorScheme = mounted ? stored : 'auto';
  const next = colorScheme === 'light' ? 'dark' : colorScheme === 'dark' ? 'auto' : 'light';
  const label = { light: 'Light mode', dark: 'Dark mode', auto: 'System colour mode' }[colorScheme];
  const Icon = colorScheme === 'light' ? IconSun : colorScheme === 'dark' ? IconMoon : IconDeviceDesktop;
  return (
    <DefaultActionIcon
      onClick={() => setColorScheme(next)}
      aria-label={`${label}. Switch colour mode`}
      title={label}
      data-testid="color-mode-toggle"
      data-mode={colorScheme}
    >
      <Icon size={18} stroke={1.6} />
    </DefaultActionIcon>
  );
}

export function SiteHeader() {
  const viewer = useRootData()?.viewer ?? null;
  const [opened, { toggle, close }] = useDisclosure(false);
  const live = useLive();
  return (
    <header>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The layout rows are plain markup (site-chrome.module.css): this header is on every page. */}
      <div className={classes.headerBar}>
        <div className={classes.headerRow}>
          <Link to="/" aria-label="Privy home" style={{ textDecoration: 'none' }}>
            <Logo />
          </Link>
          <nav className={`${classes.headerNav} mantine-visible-from-sm`} aria-label="Main">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} style={{ textDecoration: 'none', fontWeight: 500 }}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className={classes.headerActions}>
            <ColorModeToggle />
            {viewer ? (
              <Suspense fallback={null}>
                <AccountActions viewer={viewer} />
              </Suspense>
            ) : (
              <div className={`${classes.headerActions} mantine-visible-from-xs`}>
                <LinkButton to="/login" variant="subtle">
                  Sign in
                </LinkButton>
                <LinkButton to="/register">Sign up</LinkButton>
              </div>
            )}
            <HeaderBurger opened={opened} onClick={toggle} aria-label="Open navigation" />
          </div>
        </div>
      </div>
      {/* Closed until someone opens it, so the server and the first paint need not render it. */}
      {live && <MobileNav opened={opened} onClose={close} nav={NAV} signedIn={viewer !== null} />}
    </header>
  );
}
