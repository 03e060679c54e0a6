import '../ui/mantine-pages.css';
import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { SiteFooter } from '../ui/site-footer.tsx';
import { SiteHeader } from '../ui/site-header.tsx';

export default function DefaultLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Container component="main" id="main" size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
