/**
 * Review rules shared by the server, the forms and the pages (ADR 124). Plain values, no zod, so
 * a page can import them without the schema library.
 */

/** Days after completion each side may write (and edit) its review; then what exists publishes. */
export const REVIEW_WINDOW_DAYS = 14;
/** Days after completion the side that has not written yet is reminded, once. */
export const REVIEW_REMINDER_DAYS = 3;
export const REVIEW_TEXT_MAX_LENGTH = 2000;
export const REVIEW_HIDE_REASON_MAX_LENGTH = 500;
export const REVIEW_PAGE_SIZE = 10;

export const REVIEW_CATEGORIES = ['cleanliness', 'accuracy', 'communication'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  cleanliness: 'Cleanliness',
  accuracy: 'Accuracy',
  communication: 'Communication',
};

/** "4.6" for an average; null when nothing is rated yet. */
export function formatRating(average: number | null): string | null {
  return average === null ? null : average.toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}
