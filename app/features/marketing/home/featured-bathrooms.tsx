import type { SearchResult } from '../../../../common/schemas/search.ts';
import { ResultCard } from '../../search/result-card.tsx';
import { Eyebrow } from '../eyebrow.tsx';
import featured from './featured-bathrooms.module.css';
import classes from './home.module.css';

/**
 * "Featured bathrooms" (ADR 136): published listings an admin chose, in plain markup like the rest
 * of the home page. Nothing is drawn when none is featured.
 */
export function FeaturedBathrooms({ bathrooms }: { bathrooms: SearchResult[] }) {
  if (!bathrooms.length) return null;
  return (
    <section className={`${classes.container} ${classes.band}`} aria-labelledby="featured-title">
      <div className={classes.heading}>
        <Eyebrow>Featured</Eyebrow>
        <h2 className={classes.headingTitle} id="featured-title">
          Featured bathrooms
        </h2>
        <p className={classes.lead}>A few listings Privy’s team picked out.</p>
      </div>
      <div className={featured.grid} data-testid="featured-bathrooms">
        {bathrooms.map((bathroom) => (
          <ResultCard
            key={bathroom.id}
            result={bathroom}
            href={`/bathrooms/${bathroom.id}`}
            showDistance={false}
          />
        ))}
      </div>
    </section>
  );
}
