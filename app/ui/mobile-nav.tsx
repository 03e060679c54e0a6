import { Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';

/** The phone menu (site-header.tsx's burger opens it); loaded once the page is live. */
export default function MobileNav({
  opened,
  onClose: close,
  nav,
  signedIn,
}: {
  opened: boolean;
  onClose: () => void;
  nav: readonly { to: string; label: string }[];
  signedIn: boolean;
}) {
  return (
    <Drawer opened={opened} onClose={close} title="Menu" position="right" size="xs">
      <Stack component="nav" aria-label="Mobile">
        {nav.map((item) => (
          <Button
            key={item.to}
            component={Link}
            to={item.to}
            variant="subtle"
            justify="flex-start"
            onClick={close}
          >
            {item.label}
          </Button>
        ))}
        {!signedIn && (
          <>
            <Button component={Link} to="/login" variant="light" onClick={close}>
              Sign in
            </Button>
            <Button component={Link} to="/register" onClick={close}>
              Sign up
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
