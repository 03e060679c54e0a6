import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { SiteFooter } from '../ui/site-footer.tsx';
import { SiteHeader } from '../ui/site-header.tsx';

/** The home layout lets the page run edge to edge (hero, bands), unlike the default layout. */
export default function HomeLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
