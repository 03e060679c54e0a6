import { DEFAULT_RADIUS_MILES, RADIUS_OPTIONS_MILES } from '../../../common/constants.ts';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import type { SearchSort } from '../../../common/search-options.ts';

/*
 * The search state and its URL, free of zod (and of Mantine): the home page builds search links
 * from it, and its first load stays small (docs/PERFORMANCE.md, Lighthouse). The server checks the
 * URL with the API's schema (search-url.server.ts).
 */

/** The search as the form and the URL hold it: every value a string, blanks meaning "any". */
export type SearchState = {
  q: string;
  lat: string;
  lng: string;
  radius: string;
  date: string;
  time: string;
  duration: string;
  min_price: string;
  max_price: string;
  min_rating: string;
  accessibility: string[];
  amenities: string[];
  sort: SearchSort;
  page: string;
};

export const EMPTY_SEARCH: SearchState = {
  q: '',
  lat: '',
  lng: '',
  radius: String(DEFAULT_RADIUS_MILES),
  date: '',
  time: '',
  duration: '',
  min_price: '',
  max_price: '',
  min_rating: '',
  accessibility: [],
  amenities: [],
  sort: 'distance',
  page: '',
};

const LIST_KEYS = ['accessibility', 'amenities'] as const;

export function stateFromParams(params: URLSearchParams): SearchState {
  const state: SearchState = { ...EMPTY_SEARCH, accessibility: [], amenities: [] };
  for (const key of Object.keys(EMPTY_SEARCH) as (keyof SearchState)[]) {
    if (key === 'accessibility' || key === 'amenities') {
      state[key] = params
        .getAll(key)
        .flatMap((value) => value.split(','))
        .filter(Boolean);
    } else if (key === 'sort') {
      const sort = params.get('sort');
      if (sort === 'price' || sort === 'rating') state.sort = sort;
    } else {
      state[key] = params.get(key) ?? state[key];
    }
  }
  return state;
}

/** The query string for a search; defaults and blanks are left out so shared links stay short. */
export function paramsFromState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state) as [keyof SearchState, SearchState[keyof SearchState]][]) {
    if ((LIST_KEYS as readonly string[]).includes(key)) {
      if ((value as string[]).length) params.set(key, (value as string[]).join(','));
    } else if (key === 'sort') {
      if (value !== 'distance') params.set(key, value as string);
    } else if (key === 'page') {
      if (value && value !== '1') params.set(key, value as string);
    } else if (value) {
      params.set(key, value as string);
    }
  }
  return params;
}

export function searchHref(state: SearchState): string {
  const query = paramsFromState(state).toString();
  return query ? `/bathrooms?${query}` : '/bathrooms';
}

/** Counts the filters in the drawer, for the "Filters (2)" button. */
export function activeFilterCount(state: SearchState): number {
  return (
    [state.min_price, state.max_price, state.min_rating].filter(Boolean).length +
    state.accessibility.length +
    state.amenities.length
  );
}

export const RADIUS_SELECT = RADIUS_OPTIONS_MILES.map((miles) => ({
  value: String(miles),
  label: `${miles} miles`,
}));

/**
 * The search's time list (spec §5 picker options): quarter hours, the grid bookings start on and
 * the search schema takes, on the 12-hour clock Privy writes times in (spec §9).
 */
export const SEARCH_TIMES = { timeAccuracy: 2, hourCycle: 12 } as const;

/** The address in the search state as the autocomplete's value. */
export function placeFromState(state: Pick<SearchState, 'q' | 'lat' | 'lng'>): PlaceResult | null {
  const latitude = Number(state.lat);
  const longitude = Number(state.lng);
  if (!state.lat || !state.lng || Number.isNaN(latitude) || Number.isNaN(longitude)) return null;
  const description = state.q || `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
  return {
    description,
    latitude,
    longitude,
    location: { lat: latitude, lon: longitude, formatted: description },
  };
}

export function withPlace(state: SearchState, place: PlaceResult | null): SearchState {
  return place
    ? { ...state, q: place.description, lat: place.latitude.toFixed(6), lng: place.longitude.toFixed(6) }
    : { ...state, q: '', lat: '', lng: '' };
}

export function listingHref(id: string, state: Pick<SearchState, 'q' | 'lat' | 'lng'>): string {
  const params = new URLSearchParams();
  if (state.lat && state.lng) {
    params.set('lat', state.lat);
    params.set('lng', state.lng);
    if (state.q) params.set('q', state.q);
  }
  const query = params.toString();
  return query ? `/bathrooms/${id}?${query}` : `/bathrooms/${id}`;
}
