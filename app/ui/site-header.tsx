import { Avatar, Button, Drawer, Menu, Stack, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import { useDisclosure, useMounted } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconDeviceDesktop,
  IconLayoutDashboard,
  IconLogout,
  IconMoon,
  IconSettings,
  IconShield,
  IconSun,
} from '@tabler/icons-react';
import { Form, Link, NavLink } from 'react-router';
import { NotificationBell } from '../features/notifications/notification-panel.tsx';
import { displayName } from '../lib/viewer.ts';
import { useRootData } from '../root.tsx';
import { Logo } from './logo.tsx';
import classes from './site-chrome.module.css';
import { DefaultActionIcon, HeaderBurger, LinkButton } from './static-button.tsx';

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
  const mounted = useMounted();
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
            {viewer && <NotificationBell />}
            {viewer ? (
              <Menu position="bottom-end" withinPortal shadow="md" width={220}>
                <Menu.Target>
                  <UnstyledButton aria-label="Account menu" data-testid="avatar-menu">
                    <Avatar
                      src={viewer.profile.profile_picture_url}
                      alt={displayName(viewer)}
                      radius="xl"
                      color="teal"
                    >
                      {displayName(viewer).slice(0, 1).toUpperCase()}
                    </Avatar>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{displayName(viewer)}</Menu.Label>
                  <Menu.Item component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
                    Dashboard
                  </Menu.Item>
                  <Menu.Item component={Link} to="/bookings" leftSection={<IconCalendarEvent size={16} />}>
                    Your bookings
                  </Menu.Item>
                  <Menu.Item component={Link} to="/profile" leftSection={<IconSettings size={16} />}>
                    Profile and security
                  </Menu.Item>
                  {viewer.profile.is_admin && (
                    <Menu.Item component={Link} to="/admin" leftSection={<IconShield size={16} />}>
                      Admin
                    </Menu.Item>
                  )}
                  <Menu.Divider />
                  <Form method="post" action="/logout">
                    <Menu.Item component="button" type="submit" leftSection={<IconLogout size={16} />}>
                      Sign out
                    </Menu.Item>
                  </Form>
                </Menu.Dropdown>
              </Menu>
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
      {mounted && (
        <Drawer opened={opened} onClose={close} title="Menu" position="right" size="xs">
          <Stack component="nav" aria-label="Mobile">
            {NAV.map((item) => (
              <Button
                key={item.to}
                component={Link}
                to={item.to}
                variant="subtle"
                justify="flex-start"
                onClick={close}
              >
                {item.label}
              </Button>
            ))}
            {!viewer && (
              <>
                <Button component={Link} to="/login" variant="light" onClick={close}>
                  Sign in
                </Button>
                <Button component={Link} to="/register" onClick={close}>
                  Sign up
                </Button>
              </>
            )}
          </Stack>
        </Drawer>
      )}
    </header>
  );
}
