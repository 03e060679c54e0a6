import { type SearchQuery, searchQuerySchema } from '../../../common/schemas/search.ts';

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
