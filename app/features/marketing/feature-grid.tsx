import type { Icon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import classes from './marketing.module.css';

export type Feature = {
  icon: Icon;
  title: string;
  text: string;
  link?: { to: string; label: string };
};

/**
 * A grid of short points with an icon each; the icons are decoration, the words carry the meaning.
 * Plain markup styled like Mantine's SimpleGrid of Papers (marketing.module.css): the home page and
 * the landing pages render it for every visitor.
 */
export function FeatureGrid({
  features,
  cols = { base: 1, sm: 2, md: 4 },
  headingOrder = 3,
}: {
  features: Feature[];
  cols?: { base: number; sm?: number; md?: number };
  headingOrder?: 2 | 3 | 4;
}) {
  const Heading = `h${headingOrder}` as const;
  const sm = cols.sm ?? cols.base;
  const columns = {
    '--features-cols': cols.base,
    '--features-cols-sm': sm,
    '--features-cols-md': cols.md ?? sm,
  };
  const heading = {
    fontWeight: `var(--mantine-h${headingOrder}-font-weight)`,
    lineHeight: `var(--mantine-h${headingOrder}-line-height)`,
  };
  return (
    <div className={classes.featureGrid} style={columns as CSSProperties}>
      {features.map((feature) => (
        <div key={feature.title} className={classes.feature}>
          <span className={classes.featureIcon} aria-hidden="true">
            <feature.icon size={24} stroke={1.7} />
          </span>
          <Heading className={classes.featureTitle} style={heading}>
            {feature.title}
          </Heading>
          <p className={classes.featureText}>{feature.text}</p>
          {feature.link && (
            <Link to={feature.link.to} className={`mantine-focus-auto ${classes.featureLink}`}>
              {feature.link.label}
            </Link>
          )}
        </div>
      ))}
    </div>
  );
}
