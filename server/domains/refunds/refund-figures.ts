import type { Db } from '../../db/database.ts';
import { countUndecided } from './repository.ts';

/** The admin dashboard's refund figures (ADR 133): requests waiting for an admin. */
export function refundRequestFigures(db: Db) {
  return countUndecided(db);
}
