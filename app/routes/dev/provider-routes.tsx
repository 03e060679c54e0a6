import { Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { data, Link } from 'react-router';
import { servicesContext } from '../../lib/context.ts';
import { ADMIN_ROUTES, GUARD_LABELS, type GuardedRoute, PROVIDER_ROUTES } from '../../lib/guarded-routes.ts';
import type { Route } from './+types/provider-routes';

/** /dev-provider-routes (spec §2; dev only, ADR 137): the host and admin pages and who may open each. */

export function meta() {
  return [{ title: 'Provider and admin routes · Privy' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(servicesContext).config.isProduction) throw data('Not found', { status: 404 });
  return null;
}

function RouteTable({ title, routes }: { title: string; routes: readonly GuardedRoute[] }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <Stack gap={0} data-testid="guarded-routes">
        {routes.map((route) => (
          <Group
            key={route.path}
            justify="space-between"
            align="flex-start"
            gap="xs"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={2} style={{ flex: '1 1 16rem' }}>
              {route.path.includes(':') ? (
                <Text size="sm" ff="monospace" title="Needs an id: open it from its list">
                  {route.path}
                </Text>
              ) : (
                <Anchor component={Link} to={route.path} size="sm" ff="monospace">
                  {route.path}
                </Anchor>
              )}
              <Code style={{ alignSelf: 'flex-start' }}>{`app/${route.file}`}</Code>
            </Stack>
            <Stack gap={2} style={{ flex: '1 1 14rem' }}>
              <Badge
                variant="light"
                color={route.guard === 'requireAdmin' ? 'red' : 'teal'}
                tt="none"
                style={{ alignSelf: 'flex-start' }}
              >
                {route.guard}
              </Badge>
              <Text size="xs" c="dimmed">
                {GUARD_LABELS[route.guard]}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export default function ProviderRoutes() {
  return (
    <Stack maw={960} mx="auto" gap="lg">
      <div>
        <Title order={1}>Provider and admin routes</Title>
        <Text c="dimmed">
          Every host and admin page, with the check its loader runs on the server. A test keeps this list the
          same as the route table.
        </Text>
      </div>
      <RouteTable title="Provider (host) pages" routes={PROVIDER_ROUTES} />
      <RouteTable title="Admin pages" routes={ADMIN_ROUTES} />
    </Stack>
  );
}
