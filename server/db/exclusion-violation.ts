/** PostgreSQL's exclusion_violation: a row already holds part of this range. */
const EXCLUSION_VIOLATION = '23P01';
const DEADLOCK_DETECTED = '40P01';

/**
 * A clash with a range an exclusion constraint guards (live bookings, blackouts). Two transactions
 * inserting overlapping rows at once can each wait for the other while checking the constraint;
 * PostgreSQL then aborts one with a deadlock and lets the other's insert through, so the aborted
 * one lost the range exactly as with a 23P01.
 */
export function isExclusionViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; where?: unknown } | null;
  const code = String(failure?.code);
  if (code === EXCLUSION_VIOLATION) return true;
  return code === DEADLOCK_DETECTED && String(failure?.where).includes('exclusion constraint');
}
