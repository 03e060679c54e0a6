import { Anchor, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';

/** Every public page is one click from the footer. */
const COLUMNS = [
  {
    title: 'Privy',
    links: [
      { to: '/', label: 'Home' },
      { to: '/about', label: 'About us' },
      { to: '/how-it-works', label: 'How it works' },
      { to: '/dynamic-seo-pages', label: 'Bathrooms by city' },
      { to: '/services', label: 'Services' },
      { to: '/private-restroom-sharing', label: 'Private restroom sharing' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Hosting',
    links: [
      { to: '/rent-your-bathroom', label: 'Rent your bathroom' },
      { to: '/earn-money-bathroom', label: 'Earnings calculator' },
      { to: '/bathroom-rental-income', label: 'Rental income and payouts' },
      { to: '/accessible-bathroom-provider', label: 'Accessible hosting' },
      { to: '/become-a-provider', label: 'Become a host' },
    ],
  },
  {
    title: 'Trust',
    links: [
      { to: '/safety', label: 'Safety' },
      { to: '/standards', label: 'Listing standards' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of service' },
      { to: '/privacy-policy', label: 'Privacy policy' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer>
      <Divider />
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 5 }} spacing="lg">
          <Stack gap="xs">
            <Logo size={24} />
            <Text size="sm" c="dimmed">
              Clean, private bathrooms nearby, bookable by the quarter hour.
            </Text>
          </Stack>
          {COLUMNS.map((column) => (
            <Stack key={column.title} gap={6}>
              <Text fw={700} size="sm">
                {column.title}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="xl">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Privy
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
