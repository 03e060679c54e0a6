import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconShieldLock, IconUser } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, Outlet, useLocation } from 'react-router';
import { requireViewer } from '../../lib/guards.server.ts';
import { ErrorPage } from '../../ui/error-page.tsx';
import type { Route } from './+types/profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(request, context);
  return null;
}

export function meta() {
  return [{ title: 'Your profile · Privy' }];
}

const TABS = [
  { value: 'details', to: '/profile', label: 'Details', icon: IconUser },
  { value: 'security', to: '/profile/security', label: 'Security', icon: IconShieldLock },
] as const;

/** /profile and /profile/security share this header; each tab is a real link, so it works before JS loads. */
export default function ProfileLayout() {
  const { pathname } = useLocation();
  const active = pathname.replace(/\/$/, '') === '/profile/security' ? 'security' : 'details';
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <div>
        <Title order={1}>Your profile</Title>
        <Text c="dimmed">How you appear on Privy, and how you keep your account safe.</Text>
      </div>
      <Tabs value={active} keepMounted={false}>
        <Tabs.List aria-label="Profile sections">
          {TABS.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              leftSection={<tab.icon size={16} />}
              renderRoot={(props) => <Link {...props} to={tab.to} />}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

/**
 * Errors stay inside the page, under the root's account gate: a disabled or under-review member
 * whose request was refused (403) sees the gate's overlay rather than an error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
