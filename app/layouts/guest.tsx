import '../ui/mantine-pages.css';
import { Box, Center, Paper } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../ui/logo.tsx';

/** Sign-in and sign-up pages: one focused card, nothing else to tap by mistake. */
export default function GuestLayout() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-default-hover)">
      <Center component="main" id="main" mih="100dvh" p="md">
        <Box w="100%" maw={440}>
          <Center mb="lg">
            <Link to="/" aria-label="Privy home" style={{ textDecoration: 'none' }}>
              <Logo size={32} />
            </Link>
          </Center>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Outlet />
          </Paper>
        </Box>
      </Center>
    </Box>
  );
}
