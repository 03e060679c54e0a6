import type { LatLng } from '../../../common/schemas/places.ts';
import { type Gazetteer, letterMask, normalizeText, type Place, type RegionMatch } from './gazetteer.ts';
import { distanceKm } from './geo.ts';

/**
 * Forward geocoding over the gazetteer (ADR 060). A query is read as a place name optionally
 * followed by a region ("austin tx", "New York, NY", "paris, france"). Names match by prefix, or
 * with one typo (two for long names); the score adds match quality, log10 of population, a region
 * bonus and a nearness bonus when the caller says where the user is.
 */

const QUALITY = {
  exact: 3,
  wordPrefix: 2,
  typo: 1.8,
  prefix: 1.5,
  typoPrefix: 1,
} as const;
const REGION_BONUS = 1.5;
/** Up to this much (300× population) for a place next to the user, fading over ~150 km. */
const NEAR_BONUS = 2.5;
const NEAR_FADE_KM = 150;

/** Queries of one or two letters only suggest places at least this big. */
const SHORT_QUERY_MIN_POPULATION = 50_000;
/** When the text is the start of a place this big, the typo pass is skipped. */
const TYPO_SKIP_POPULATION = 100_000;

type Reading = { name: string; regions: RegionMatch[] | null };

function regionsFor(gazetteer: Gazetteer, text: string): RegionMatch[] | null {
  return gazetteer.regions.get(text.trim()) ?? null;
}

/** The ways a query can be read: the whole text as a name, or a name plus a trailing region. */
export function readQuery(gazetteer: Gazetteer, text: string): Reading[] {
  const normalized = normalizeText(text);
  if (!normalized) return [];
  const [head = '', ...rest] = normalized.split(',').filter((part) => part.trim() !== '');
  if (rest.length > 0) {
    // "City, Region" or "City, State, Country": every qualifier that names a region must hold.
    const regions = rest.map((part) => regionsFor(gazetteer, part)).filter((r) => r !== null);
    if (regions.length === 0) return [{ name: head.trim(), regions: null }];
    const narrowest = regions.find((list) => list.some((r) => r.adminCode)) ?? regions[0] ?? null;
    return [{ name: head.trim(), regions: narrowest }];
  }
  const words = head.trim().split(' ');
  const readings: Reading[] = [{ name: words.join(' '), regions: null }];
  for (let tail = 1; tail <= 3 && tail < words.length; tail++) {
    const regions = regionsFor(gazetteer, words.slice(-tail).join(' '));
    if (regions) readings.push({ name: words.slice(0, -tail).join(' '), regions });
  }
  return readings;
}

function inRegions(place: Place, regions: RegionMatch[]): boolean {
  return regions.some(
    (r) =>
      r.countryCode === place.countryCode && (r.adminCode === undefined || r.adminCode === place.adminCode),
  );
}

/** First index in the sorted keys whose key is ≥ `prefix`. */
function lowerBound(gazetteer: Gazetteer, prefix: string): number {
  const { byKey, places } = gazetteer;
  let lo = 0;
  let hi = byKey.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((places[byKey[mid] as number] as Place).key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const NO_MATCH = { prefix: Number.POSITIVE_INFINITY, whole: Number.POSITIVE_INFINITY } as const;
// Three reusable rows: typo matching runs over thousands of names per query, so no allocation.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Optimal-string-alignment distance between `query` and the closest prefix of `key`, and between
 * `query` and the whole `key`; Infinity once it must exceed `max` (rows are abandoned early).
 */
export function typoDistance(query: string, key: string, max: number): { prefix: number; whole: number } {
  const n = query.length;
  if (key.length < n - max) return NO_MATCH;
  const m = Math.min(key.length, n + max);
  if (rows[0].length <= m) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let prev2 = rows[0];
  let prev = rows[1];
  let row = rows[2];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    const q = query.charCodeAt(i - 1);
    const qBefore = i > 1 ? query.charCodeAt(i - 2) : -1;
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const k = key.charCodeAt(j - 1);
      let value = (prev[j - 1] as number) + (q === k ? 0 : 1);
      const up = (prev[j] as number) + 1;
      if (up < value) value = up;
      const left = (row[j - 1] as number) + 1;
      if (left < value) value = left;
      if (j > 1 && q === key.charCodeAt(j - 2) && qBefore === k) {
        const swap = (prev2[j - 2] as number) + 1;
        if (swap < value) value = swap;
      }
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return NO_MATCH;
    const spare = prev2;
    prev2 = prev;
    prev = row;
    row = spare;
  }
  let prefix = Number.POSITIVE_INFINITY;
  for (let j = Math.max(0, n - max); j <= m; j++) prefix = Math.min(prefix, prev[j] as number);
  const whole = key.length <= m ? (prev[key.length] as number) : Number.POSITIVE_INFINITY;
  return {
    prefix: prefix <= max ? prefix : Number.POSITIVE_INFINITY,
    whole: whole <= max ? whole : Number.POSITIVE_INFINITY,
  };
}

function popcount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** name → best match quality per place index, by prefix and then by typo. */
function matchName(gazetteer: Gazetteer, name: string, regions: RegionMatch[] | null): Map<number, number> {
  const found = new Map<number, number>();
  if (!name) return found;
  const { byKey, places } = gazetteer;
  // A letter or two names too many places to weigh them all; only cities are worth suggesting.
  const minPopulation = name.length < 3 ? SHORT_QUERY_MIN_POPULATION : 0;
  let strongPrefix = false;
  for (let at = lowerBound(gazetteer, name); at < byKey.length; at++) {
    const index = byKey[at] as number;
    const place = places[index] as Place;
    const key = place.key;
    if (!key.startsWith(name)) break;
    if (place.population < minPopulation) continue;
    if (place.population >= TYPO_SKIP_POPULATION) strongPrefix = true;
    const quality =
      key.length === name.length
        ? QUALITY.exact
        : key[name.length] === ' '
          ? QUALITY.wordPrefix
          : QUALITY.prefix;
    found.set(index, quality);
  }
  const max = allowedTypos(name.length);
  // Typed so far is the start of a real city's name: a misspelling would not outrank it.
  if (max === 0 || strongPrefix) return found;
  // A typo in the first letter is rare; a slip of the first two (transposed or dropped) is not.
  const heads = new Set([name[0] as string, name[1] as string]);
  const queryLetters = letterMask(name);
  for (const head of heads) {
    const candidates = gazetteer.byFirstChar.get(head);
    if (!candidates) continue;
    for (const index of candidates) {
      if (found.has(index)) continue;
      // Each letter of the query that the name lacks costs at least one edit.
      if (popcount(queryLetters & ~(gazetteer.letters[index] as number)) > max) continue;
      if (regions && !inRegions(places[index] as Place, regions)) continue;
      const { prefix, whole } = typoDistance(name, (places[index] as Place).key, max);
      if (whole <= max) found.set(index, QUALITY.typo - (whole - 1) * 0.6);
      else if (prefix <= max) found.set(index, QUALITY.typoPrefix - (prefix - 1) * 0.5);
    }
  }
  return found;
}

export type ScoredPlace = { place: Place; score: number };

export function searchPlaces(
  gazetteer: Gazetteer,
  text: string,
  options: { near?: LatLng | undefined; limit: number },
): ScoredPlace[] {
  const best = new Map<number, number>();
  for (const reading of readQuery(gazetteer, text)) {
    for (const [index, quality] of matchName(gazetteer, reading.name, reading.regions)) {
      const place = gazetteer.places[index] as Place;
      if (reading.regions && !inRegions(place, reading.regions)) continue;
      let score = quality + Math.log10(Math.max(place.population, 1000));
      if (reading.regions) score += REGION_BONUS;
      if (options.near) {
        score += NEAR_BONUS * Math.exp(-distanceKm(options.near, place) / NEAR_FADE_KM);
      }
      if (score > (best.get(index) ?? Number.NEGATIVE_INFINITY)) best.set(index, score);
    }
  }
  return [...best]
    .map(([index, score]) => ({ place: gazetteer.places[index] as Place, score }))
    .sort((a, b) => b.score - a.score || b.place.population - a.place.population)
    .slice(0, options.limit);
}
