import '../ui/mantine-pages.css';
import { AppShell, Burger, Group, NavLink as MantineNavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconCash,
  IconChartLine,
  IconDatabase,
  IconGauge,
  IconHistory,
  IconHome,
  IconReceiptRefund,
  IconSettings,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { MessagesLink } from '../features/message-alerts/messages-link.tsx';
import { NotificationBell } from '../features/notifications/notification-panel.tsx';
import { requireAdmin } from '../lib/guards.server.ts';
import { Logo } from '../ui/logo.tsx';
import { ColorModeToggle } from '../ui/site-header.tsx';
import type { Route } from './+types/admin';

/** Admin rights are checked here on the server for every admin page, not only hidden in the menu. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

const LINKS = [
  { to: '/admin', label: 'Dashboard', icon: IconGauge },
  { to: '/admin/users', label: 'Users', icon: IconUsers },
  { to: '/admin/bookings', label: 'Bookings', icon: IconCalendarEvent },
  { to: '/admin/properties', label: 'Properties', icon: IconHome },
  { to: '/admin/provider-requests', label: 'Provider requests', icon: IconUserCheck },
  { to: '/admin/refund-requests', label: 'Refund requests', icon: IconReceiptRefund },
  { to: '/admin/provider-payout', label: 'Provider payouts', icon: IconCash },
  { to: '/admin/analytics', label: 'Analytics', icon: IconChartLine },
  { to: '/admin/settings', label: 'Settings', icon: IconSettings },
  { to: '/admin/audit', label: 'Audit log', icon: IconHistory },
  { to: '/admin/database-setup', label: 'Database setup', icon: IconDatabase },
];

export default function AdminLayout() {
  const location = useLocation();
  // On a phone the menu folds away behind a burger; it used to cover the whole page.
  const [menuOpen, menu] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpen ? 'Close admin menu' : 'Open admin menu'}
            />
            <Link to="/" aria-label="Privy home" style={{ textDecoration: 'none' }}>
              <Logo />
            </Link>
            <Text fw={600} c="dimmed">
              Admin
            </Text>
          </Group>
          <Group gap="xs">
            <ColorModeToggle />
            <MessagesLink />
            <NotificationBell />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Admin">
        {LINKS.map((link) => (
          <MantineNavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            leftSection={<link.icon size={18} />}
            active={
              location.pathname === link.to ||
              (link.to !== '/admin' && location.pathname.startsWith(`${link.to}/`))
            }
            onClick={menu.close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
