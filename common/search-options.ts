/* The search's fixed choices, free of zod so the search form can offer them (schemas/search.ts checks them). */

export const SEARCH_SORTS = ['distance', 'price', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const BOOKING_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
