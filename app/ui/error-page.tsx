import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Spec §2/§8: 404 shows "Page Not Found" and the path; any other status "Internal Server Error". */
export function ErrorPage({ status, path }: { status: number; path?: string | undefined }) {
  const notFound = status === 404;
  return (
    <Container size="sm" py={80}>
      {/* The route's own meta does not run for an error; React puts this title in the head. */}
      <title>{`${notFound ? 'Page Not Found' : 'Internal Server Error'} · Privy`}</title>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="teal.7" lh={1}>
          {status}
        </Text>
        <Title order={1}>{notFound ? 'Page Not Found' : 'Internal Server Error'}</Title>
        <Text c="dimmed" data-testid="error-detail">
          {notFound
            ? `Page not found: ${path ?? ''}`
            : 'Something went wrong on our side. Please try again in a moment.'}
        </Text>
        <Button component={Link} to="/" size="md">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
