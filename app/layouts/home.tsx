import { Outlet } from 'react-router';
import { SiteFooter } from '../ui/site-footer.tsx';
import { SiteHeader } from '../ui/site-header.tsx';

/**
 * The home layout lets the page run edge to edge (hero, bands), unlike the default layout. Plain
 * elements: the home page is the most rendered page, and these need no Mantine styling.
 */
export default function HomeLayout() {
  return (
    <div style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <main id="main" style={{ flex: 1 }}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
