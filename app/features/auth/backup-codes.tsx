import { Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

function download(codes: string[]) {
  const text = [
    'Privy backup codes',
    'Each code signs you in once if you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'privy-backup-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Ten one-use codes for when the phone with the app is lost; shown once, so copy or save them now. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        <strong>Save your backup codes.</strong> If you lose your phone, each of these signs you in once. We
        show them only now.
      </Text>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
        <SimpleGrid
          cols={2}
          spacing="xs"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label="Backup codes"
        >
          {codes.map((code) => (
            <Text component="li" key={code} ff="monospace" fz="md" data-testid="backup-code">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={
                copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )
              }
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          onClick={() => download(codes)}
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          Download
        </Button>
      </Group>
    </Stack>
  );
}
