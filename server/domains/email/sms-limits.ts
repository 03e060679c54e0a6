import type { Db } from '../../db/database.ts';
import {
  deleteOldSmsSends,
  insertSmsSend,
  readSmsTallies,
  type SmsKeys,
  type SmsTally,
  withSmsLocks,
} from './repository.ts';
import { SMS_LIMITS, SmsError } from './sms-delivery.ts';

type Limits = { windowSeconds: number; perNumber: number; perClient: number };

function secondsUntilFree(tally: SmsTally, limits: Limits, now: Date): number {
  if (!tally.oldest) return limits.windowSeconds;
  const freeAt = tally.oldest.getTime() + limits.windowSeconds * 1000;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/**
 * Counts one text for this number and this client, or throws SmsError('rate_limited') when either
 * has had its share within the window (ADR 142). Counted in the database under both keys' locks,
 * so the limit holds across server processes and a burst of parallel requests. A refused request
 * is not counted, so asking again while waiting does not lengthen the wait.
 */
export async function admitSms(db: Db, keys: SmsKeys, limits: Limits = SMS_LIMITS): Promise<void> {
  await withSmsLocks(db, keys, async (trx) => {
    const tallies = await readSmsTallies(trx, keys, limits.windowSeconds);
    if (tallies.number.count >= limits.perNumber) {
      throw new SmsError('rate_limited', 'too many texts to this number', {
        limit: 'number',
        retryAfterSeconds: secondsUntilFree(tallies.number, limits, tallies.now),
      });
    }
    if (keys.client && tallies.client.count >= limits.perClient) {
      throw new SmsError('rate_limited', 'too many texts asked for by this client', {
        limit: 'client',
        retryAfterSeconds: secondsUntilFree(tallies.client, limits, tallies.now),
      });
    }
    await insertSmsSend(trx, keys);
  });
}

/** For the prune job: texts older than the window count against nobody. */
export function pruneSmsSends(db: Db, limits: Limits = SMS_LIMITS): Promise<number> {
  return deleteOldSmsSends(db, limits.windowSeconds);
}
