import { type MouseEvent, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { AnchorButton } from '../../ui/static-button.tsx';
import { useBottomInset } from '../../ui/use-bottom-inset.ts';
import classes from './booking-bar.module.css';
import { clock12, dateLabel, pickedStart } from './booking-choice.ts';
import { BOOKING_REVIEW_ID, lengthLabel, type PanelData } from './booking-panel-view.tsx';

/** The listing's booking panel (bathroom-details.tsx), where the bar leads before a start is picked. */
export const BOOKING_PANEL_ID = 'book';

/**
 * Brings the panel (or its review) into view and moves the focus there, so a keyboard or a screen
 * reader goes on from it. Before the page is live the link's own `#…` jump does the same.
 */
function bringIntoView(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The review ends with "Reserve and pay": its foot goes just above the bar, the starts above it.
  target.scrollIntoView({
    behavior: still ? 'auto' : 'smooth',
    block: id === BOOKING_PANEL_ID ? 'start' : 'end',
  });
  target.focus({ preventScroll: true });
}

/**
 * The listing's bar on a phone (ADR 116): the price, the start the guest picked (or "Pick a time")
 * and the way to the booking panel, which otherwise sits below the description. Plain markup and
 * CSS, drawn by the server: no script before it works, nothing moves when the page hydrates.
 */
export function BookingBar({ data, price }: { data: PanelData; price: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const bar = useRef<HTMLElement>(null);
  useBottomInset(bar, '--booking-bar-height');
  if (data.ownBathroom) return null;
  const picked = pickedStart(data, location.search, navigation.location);
  const target = picked ? BOOKING_REVIEW_ID : BOOKING_PANEL_ID;
  return (
    <>
      <div className={classes.spacer} aria-hidden />
      <section ref={bar} className={classes.bar} aria-label="Book this bathroom" data-testid="booking-bar">
        <div className={classes.summary}>
          <p className={classes.price}>
            {price}
            <span className={classes.perHour}> / hour</span>
          </p>
          <p className={classes.slot} data-picked={picked ? '' : undefined} data-testid="booking-bar-slot">
            {picked
              ? `${dateLabel(data.date, data.today)}, ${clock12(picked.local_time)} ${data.timezoneName} · ${lengthLabel(data.duration)}`
              : 'Pick a time'}
          </p>
        </div>
        <span className={classes.action}>
          <AnchorButton href={`#${target}`} size="md" onClick={(event) => bringIntoView(event, target)}>
            {picked ? 'Review and pay' : 'See times'}
          </AnchorButton>
        </span>
      </section>
    </>
  );
}
