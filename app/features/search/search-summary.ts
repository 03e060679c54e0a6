import { clock12 } from '../booking-panel/booking-choice.ts';
import { activeFilterCount, type SearchState } from './search-url.ts';

/*
 * The search in one line, for the collapsed form on a phone (ADR 116): "Austin · 5 mi · any time".
 * Worked out from the URL's state alone (no clock, no time zone), so the server and the browser
 * write the same words and hydration changes nothing.
 */

const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function when(state: Pick<SearchState, 'date' | 'time'>): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(state.date) ? DAY.format(new Date(`${state.date}T12:00:00Z`)) : '';
  const time = /^\d{2}:\d{2}$/.test(state.time) ? clock12(state.time) : '';
  if (day && time) return `${day}, ${time}`;
  return day || time || 'any time';
}

export function searchSummary(state: SearchState): string {
  // "Austin, TX, United States" → "Austin": the rest is in the heading above.
  const place = state.q.split(',')[0]?.trim() || 'Your search';
  const filters = activeFilterCount(state);
  const duration = Number(state.duration);
  return [
    place,
    `${state.radius} mi`,
    when(state),
    duration ? (duration < 60 ? `${duration} min` : `${duration / 60} h`) : '',
    filters ? `${filters} ${filters === 1 ? 'filter' : 'filters'}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
