import { IconPhoto, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDistance } from '../../../common/distance.ts';
import { formatPrice } from '../../../common/money.ts';
import type { SearchResult } from '../../../common/schemas/search.ts';
import { photoWidthSrcSet } from '../../ui/photo-srcset.ts';
import { describeFeature } from './feature-icons.tsx';
import classes from './result-card.module.css';

/*
 * Plain markup styled by result-card.module.css rather than Mantine components: these cards are
 * rendered by the dozen on every search, location and home page (docs/PERFORMANCE.md).
 */

export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (!count || average === null) return <span className={classes.newBadge}>New</span>;
  return (
    <span className={classes.rating}>
      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
      <span className={classes.ratingValue}>{average.toFixed(1)}</span>
      <span className={classes.dimmed}>
        ({count} {count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

// A card is the full width of a phone, and about 400 px in the two columns of larger screens.
const CARD_SIZES = '(min-width: 48em) 400px, 100vw';

/** `first`: the first card's photo is the search page's largest paint: fetch it at once, first. */
function CoverImage({ cover, first }: { cover: SearchResult['cover']; first: boolean }) {
  if (!cover) {
    return (
      <div className={classes.noCover}>
        <IconPhoto size={28} aria-hidden />
        No photo yet
      </div>
    );
  }
  return (
    <img
      className={classes.cover}
      src={cover.url}
      srcSet={photoWidthSrcSet(cover.srcset)}
      sizes={CARD_SIZES}
      alt={cover.alt}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      width={400}
      height={170}
    />
  );
}

/** The accessibility features as icons, each named for screen readers and shown on hover. */
function FeatureIcons({ ids, max = 5 }: { ids: string[]; max?: number }) {
  if (!ids.length) return null;
  return (
    <ul className={classes.features} aria-label="Accessibility features">
      {ids.slice(0, max).map((id) => {
        const { label, Icon: FeatureIcon } = describeFeature(id);
        return (
          <li key={id} className={classes.feature} data-label={label}>
            <FeatureIcon size={18} role="img" aria-label={label} />
          </li>
        );
      })}
      {ids.length > max ? (
        <li className={classes.more} aria-label={`and ${ids.length - max} more`}>
          +{ids.length - max}
        </li>
      ) : null}
    </ul>
  );
}

type Props = {
  result: SearchResult;
  /** The link keeps the searched place so the listing can show the distance from it. */
  href: string;
  highlighted?: boolean;
  onHighlight?: (id: string | null) => void;
  /** the first card of a results page (its photo is fetched first) */
  first?: boolean;
  showDistance?: boolean;
};

export function ResultCard({
  result,
  href,
  highlighted,
  onHighlight,
  showDistance = true,
  first = false,
}: Props) {
  const where = [showDistance ? `${formatDistance(result.distance_miles)} away` : null, result.city]
    .filter(Boolean)
    .join(' · ');
  return (
    <Link
      to={href}
      className={`mantine-focus-auto ${classes.card}`}
      data-result-id={result.id}
      data-highlighted={highlighted ? 'true' : undefined}
      // Mouseover, not mouseenter: a card that appeared under a resting pointer (the results of a
      // search tapped at that spot) gets no mouseenter when the pointer then moves within it, only
      // mouseovers of its photo or text; those bubble here (ADR 093).
      onMouseOver={
        onHighlight &&
        (() => {
          if (!highlighted) onHighlight(result.id);
        })
      }
      onMouseLeave={onHighlight && (() => onHighlight(null))}
      onFocus={onHighlight && (() => onHighlight(result.id))}
      onBlur={onHighlight && (() => onHighlight(null))}
    >
      <CoverImage cover={result.cover} first={first} />
      <div className={classes.body}>
        <div className={classes.titleRow}>
          <p className={classes.title}>{result.title}</p>
          <p className={classes.price}>
            {formatPrice(result.hourly_price_cents)}
            <span className={`${classes.small} ${classes.dimmed}`}> / hour</span>
          </p>
        </div>
        <div className={classes.row}>
          <p className={`${classes.small} ${classes.dimmed}`}>{where}</p>
          <RatingSummary average={result.rating_average} count={result.rating_count} />
        </div>
        <FeatureIcons ids={result.accessibility} />
      </div>
    </Link>
  );
}
