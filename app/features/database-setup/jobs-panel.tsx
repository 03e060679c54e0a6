import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { DatabaseSetupReport, FailedJob } from '../../../common/schemas/database-setup.ts';

const STATE_COLORS: Record<string, string> = {
  created: 'blue',
  retry: 'orange',
  active: 'cyan',
  completed: 'teal',
  cancelled: 'gray',
  failed: 'red',
};

export function JobsPanel({
  jobs,
  retrying,
  onRetry,
}: {
  jobs: DatabaseSetupReport['jobs'];
  retrying: string | null;
  onRetry: (job: FailedJob) => void;
}) {
  if (!jobs.available) {
    return (
      <Text c="dimmed">The job queue has not started on this database yet. It starts with the server.</Text>
    );
  }
  return (
    <Stack gap="md">
      {jobs.queues.length === 0 ? (
        <Text c="dimmed">No jobs are queued or kept. Scheduled jobs appear after their first run.</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped data-testid="queues-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th>Jobs by state</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.queues.map((queue) => (
                <Table.Tr key={queue.name}>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {queue.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {Object.entries(queue.states).map(([state, count]) => (
                        <Badge key={state} variant="light" color={STATE_COLORS[state] ?? 'gray'}>
                          {state} {count}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {jobs.failed.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-failed-jobs">
          No failed jobs. A job that fails after its retries shows here with a Retry button.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="failed-jobs">
          {jobs.failed.map((job) => (
            <Group key={job.id} justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" ff="monospace">
                  {job.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {job.failedAt ? `${job.failedAt.slice(0, 16).replace('T', ' ')} UTC · ` : ''}
                  {job.retries} retries · {job.error}
                </Text>
              </div>
              <Button size="xs" variant="light" loading={retrying === job.id} onClick={() => onRetry(job)}>
                Retry
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
