import { CURRENCY, LOCALE } from './constants.ts';

/* Money is integer cents everywhere (PRODUCT.md); these are the only places it becomes text. */

const wholeDollars = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** "$12" or "$12.50" (no ".00" on whole dollars). */
export function formatPrice(cents: number): string {
  return (cents % 100 === 0 ? wholeDollars : dollarsAndCents).format(cents / 100);
}

/** "$12.00": an amount charged, refunded or owed, always with its cents. */
export function formatUsd(cents: number): string {
  return dollarsAndCents.format(cents / 100);
}
