import { Anchor, Badge, Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
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
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="guarded-routes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Path</Table.Th>
              <Table.Th>Guard</Table.Th>
              <Table.Th>Module</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {routes.map((route) => (
              <Table.Tr key={route.path}>
                <Table.Td>
                  {route.path.includes(':') ? (
                    <Text size="sm" ff="monospace" title="Needs an id: open it from its list">
                      {route.path}
                    </Text>
                  ) : (
                    <Anchor component={Link} to={route.path} size="sm" ff="monospace">
                      {route.path}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={route.guard === 'requireAdmin' ? 'red' : 'teal'} tt="none">
                    {route.guard}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {GUARD_LABELS[route.guard]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Code>{`app/${route.file}`}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
