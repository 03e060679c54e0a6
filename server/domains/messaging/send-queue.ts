import DataLoader from 'dataloader';
import type { Message } from '../../../common/schemas/messages.ts';
import type { SendOutcome, SendRequest } from './send-messages.ts';

/** Batches written at once; a send waits for at most this many commits before its own. */
const CONCURRENT_BATCHES = 2;
const MAX_BATCH = 100;

/**
 * Group commit for sends (ADR 148). While fewer than CONCURRENT_BATCHES transactions are being
 * written, a send goes in the next loop turn with whatever arrived in the same turn; once that
 * many are in flight, sends wait and go together in the next one. A quiet chat pays no delay; a
 * busy one pays a few round trips per batch instead of a dozen per message. If a batch fails as a
 * whole (not a refused message: those fail alone inside it), each of its sends is tried alone, so
 * one bad send cannot take its neighbours down.
 */
export function createSendQueue(write: (requests: SendRequest[]) => Promise<SendOutcome[]>) {
  let inFlight = 0;
  const waiting: Array<() => void> = [];

  const alone = async (request: SendRequest): Promise<SendOutcome> => {
    try {
      return (await write([request]))[0] as SendOutcome;
    } catch (error) {
      return { ok: false, error };
    }
  };

  const loader = new DataLoader<SendRequest, { message: Message; created: boolean }>(
    async (requests) => {
      inFlight++;
      try {
        let outcomes: SendOutcome[];
        try {
          outcomes = await write([...requests]);
        } catch (error) {
          if (requests.length === 1) throw error;
          // One after another, so the ones that succeed keep the order they came in.
          outcomes = [];
          for (const request of requests) outcomes.push(await alone(request));
        }
        return outcomes.map((outcome) =>
          outcome.ok ? { message: outcome.message, created: outcome.created } : asError(outcome.error),
        );
      } finally {
        inFlight--;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        if (inFlight < CONCURRENT_BATCHES) setImmediate(dispatch);
        else waiting.push(dispatch);
      },
    },
  );

  return { send: (request: SendRequest) => loader.load(request) };
}

/** DataLoader fails a key only for an Error; anything else thrown is wrapped. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
