import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A 403 on /manage: say what happened and where to go instead. */
export function ForbiddenPage({ hostOnly }: { hostOnly?: boolean }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="teal.7" lh={1}>
          403
        </Text>
        <Title order={1}>{hostOnly ? 'Hosts only' : 'This listing is not yours'}</Title>
        <Text c="dimmed" data-testid="error-detail">
          {hostOnly
            ? 'Managing bathrooms is for hosts. Ask to become a host, and once approved you can list yours.'
            : 'Only the host of a listing can open its edit page. Your own bathrooms are under My bathrooms.'}
        </Text>
        <Button component={Link} to={hostOnly ? '/become-a-provider' : '/manage/properties'} size="md">
          {hostOnly ? 'Become a host' : 'Go to my bathrooms'}
        </Button>
      </Stack>
    </Container>
  );
}
