import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';
import classes from './site-chrome.module.css';

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
      { to: '/bathroom-rental-income', label: 'Rental income' },
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

/** Plain markup styled like Mantine's Divider, SimpleGrid, Stack, Text and Anchor (site-chrome.module.css). */
export function SiteFooter() {
  return (
    <footer>
      <div className={classes.footerRule} />
      <div className={classes.footerBody}>
        <div className={classes.footerGrid}>
          <div
            className={classes.footerColumn}
            style={{ '--column-gap': 'var(--mantine-spacing-xs)' } as CSSProperties}
          >
            <Logo size={24} />
            <p className={`${classes.footerText} ${classes.dimmed}`}>
              Clean, private bathrooms nearby, bookable by the quarter hour.
            </p>
          </div>
          {COLUMNS.map((column) => (
            <div key={column.title} className={classes.footerColumn}>
              <p className={classes.footerHeading}>{column.title}</p>
              {column.links.map((link) => (
                <Link key={link.to} to={link.to} className={`mantine-focus-auto ${classes.footerLink}`}>
                  {link.label}
                </Link>
              ))}
            </div>
          ))}
        </div>
        <div className={classes.footerEnd}>
          <p className={classes.copyright}>© {new Date().getFullYear()} Privy</p>
        </div>
      </div>
    </footer>
  );
}
