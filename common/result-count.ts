/**
 * How many bathrooms a search found, as a page says it. Searches stop counting at a cap (ADR 080,
 * "Counting"), and then say so with a "+" rather than a figure they did not reach (e.g. "300+").
 */
export function formatResultCount(total: number, capped = false): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

export function bathroomCount(total: number, capped = false): string {
  return total === 1 && !capped ? '1 bathroom' : `${formatResultCount(total, capped)} bathrooms`;
}
