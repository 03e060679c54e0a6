import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { FailedJob } from '../../../common/schemas/database-setup.ts';
import { JobsPanel } from '../../features/database-setup/jobs-panel.tsx';
import { MigrationsTable } from '../../features/database-setup/migrations-table.tsx';
import { ReseedPanel } from '../../features/database-setup/reseed-panel.tsx';
import { apiJson } from '../../lib/api-fetch.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/database-setup';

/** /admin/database-setup (ADR 139): admins only (server-checked); reseeding never in production. */

export function meta() {
  return [{ title: 'Database setup · Privy admin' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { report: await context.get(servicesContext).databaseSetup.report() };
}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export default function DatabaseSetupPage() {
  const { report } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [retrying, setRetrying] = useState<string | null>(null);
  const [reseeding, setReseeding] = useState(false);
  const applied = report.migrations.filter((migration) => migration.appliedAt).length;
  const pending = report.migrations.filter((migration) => migration.check === 'pending').length;
  const flagged = report.migrations.filter((m) => ['changed', 'unknown'].includes(m.check)).length;

  async function retry(job: FailedJob) {
    setRetrying(job.id);
    try {
      await apiJson('POST', `/api/admin/database-setup/jobs/${job.id}/retry`, { name: job.name });
      toast.success({ title: 'Job queued again', message: `${job.name} will run again shortly.` });
      revalidator.revalidate();
    } catch (error) {
      toast.error({ title: 'Not retried', message: (error as Error).message });
    } finally {
      setRetrying(null);
    }
  }

  async function reseed(confirm: string) {
    setReseeding(true);
    try {
      await apiJson('POST', '/api/admin/database-setup/reseed', { confirm });
      // Every account was replaced, this session with them: sign in again.
      window.location.assign('/login');
    } catch (error) {
      toast.error({ title: 'Not reseeded', message: (error as Error).message });
      setReseeding(false);
    }
  }

  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1}>Database setup</Title>
        <Text c="dimmed">What the database has run, how big it is, and how the job queues are doing.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Card withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Database
          </Text>
          <Text fw={700} data-testid="database-kind">
            {report.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {report.version}
          </Text>
        </Card>
        <Card withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Migrations
          </Text>
          <Text fw={700} data-testid="migrations-summary">
            {applied} applied, {pending} pending
          </Text>
          <Group gap={4}>
            <Badge color={flagged ? 'red' : 'teal'} variant="light">
              {flagged ? `${flagged} need attention` : 'No changed files'}
            </Badge>
          </Group>
        </Card>
        <Card withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Failed jobs
          </Text>
          <Text fw={700}>{report.jobs.failed.length}</Text>
        </Card>
      </SimpleGrid>
      <Section id="migrations-title" title="Migrations">
        <Text size="sm" c="dimmed" mb="sm">
          The sha256 of each migration file is recorded when it runs and compared with the file on disk now.
          Migrations that ran before checksums were kept are recorded the first time this page sees them.
        </Text>
        <MigrationsTable migrations={report.migrations} />
      </Section>
      <Section id="jobs-title" title="Job queues">
        <JobsPanel jobs={report.jobs} retrying={retrying} onRetry={retry} />
      </Section>
      <Section id="tables-title" title="Tables">
        <Text size="sm" c="dimmed" mb="sm">
          {report.kind === 'pglite'
            ? 'Rows counted exactly; sizes include indexes.'
            : 'Rows as PostgreSQL last estimated them (— before a table is first analyzed); sizes include indexes.'}
        </Text>
        <Table.ScrollContainer minWidth={300}>
          <Table striped data-testid="tables-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Table</Table.Th>
                <Table.Th ta="right">Rows</Table.Th>
                <Table.Th ta="right">Size with indexes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.tables.map((table) => (
                <Table.Tr key={table.name}>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {table.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {table.rows === null ? '—' : table.rows.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td ta="right">{size(table.bytes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      {report.canReseed ? (
        <Section id="reseed-title" title="Demo data">
          <ReseedPanel busy={reseeding} onReseed={reseed} />
        </Section>
      ) : null}
    </Stack>
  );
}
