import { DEFAULT_RADIUS_MILES } from '../../../common/constants.ts';
import { type SearchQuery, type SearchSort, searchQuerySchema } from '../../../common/schemas/search.ts';

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

export type ParsedSearch =
  | { kind: 'none' }
  | { kind: 'invalid'; fields: { field: string; message: string }[] }
  | { kind: 'ok'; query: SearchQuery };

/** Checks the URL with the API's own schema; no place yet is not an error, just no search. */
export function parseSearch(params: URLSearchParams): ParsedSearch {
  if (!params.get('lat') && !params.get('lng')) return { kind: 'none' };
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  const parsed = searchQuerySchema.safeParse(raw);
  if (parsed.success) return { kind: 'ok', query: parsed.data };
  return {
    kind: 'invalid',
    fields: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  };
}

/** Counts the filters in the drawer, for the "Filters (2)" button. */
export function activeFilterCount(state: SearchState): number {
  return (
    [state.min_price, state.max_price, state.min_rating].filter(Boolean).length +
    state.accessibility.length +
    state.amenities.length
  );
}
