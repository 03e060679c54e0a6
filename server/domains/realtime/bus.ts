import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

type Executor = Db | Transaction<Database>;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids and short texts only. */
export const MAX_EVENT_BYTES = 7900;

export type RealtimeEvent = { channel: string; event: string; payload: unknown };
export type EventListener = (event: RealtimeEvent) => void;

export type RealtimeBus = {
  /**
   * Delivers to every subscriber in every server process sharing this database. Pass the
   * transaction doing the write: PostgreSQL then sends the event only if that transaction commits.
   */
  publish(channel: string, event: string, payload: unknown, executor?: Executor): Promise<void>;
  /**
   * Many events in one round trip (a notification to every admin, a fan-out). On PostgreSQL they
   * travel packed as JSON arrays filling each NOTIFY payload (1,000 notifications: ~70 NOTIFYs).
   */
  publishMany(events: RealtimeEvent[], executor?: Executor): Promise<void>;
  onEvent(listener: EventListener): () => void;
  close(): Promise<void>;
};

function encode(event: RealtimeEvent): string {
  const text = JSON.stringify(event);
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES) {
    throw new Error(`Realtime event ${event.event} on ${event.channel} is too large to publish`);
  }
  return text;
}

/**
 * Packs encoded events, in order, into as few NOTIFY payloads as fit under MAX_EVENT_BYTES (UTF-8
 * bytes, as PostgreSQL counts them): a lone event as itself, several as a JSON array.
 */
export function packEvents(texts: string[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2; // the array's brackets
  const flush = () => {
    if (batch.length) payloads.push(batch.length === 1 ? (batch[0] as string) : `[${batch.join(',')}]`);
    batch = [];
    bytes = 2;
  };
  for (const text of texts) {
    const size = Buffer.byteLength(text) + 1; // and its comma
    if (batch.length && bytes + size > MAX_EVENT_BYTES) flush();
    batch.push(text);
    bytes += size;
  }
  flush();
  return payloads;
}

/** PGlite: a NOTIFY payload that names events held in memory rather than carrying them. */
const HELD_PREFIX = 'held:';
/** Held events whose NOTIFY never came (the transaction rolled back) are dropped after this. */
const HELD_TTL_MS = 10 * 60 * 1000;

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY: no broker to run, and several app processes on one
 * PostgreSQL see each other's events, each only once the transaction that published it commits.
 *
 * On PGlite the database lives inside this one process and nothing else can listen, so the
 * events wait in this bus's memory and NOTIFY carries only a token meaning "that transaction
 * committed" (one bus per database, as createServices makes). Sending a fan-out's JSON into the
 * embedded server and back out through its notification queue cost about as much as inserting
 * the notifications (docs/PERFORMANCE.md, fan-out).
 */
export async function createRealtimeBus(
  database: DatabaseHandle,
  log: { warn: (obj: object, msg: string) => void } = console,
): Promise<RealtimeBus> {
  // One PostgreSQL channel carries every realtime event; each process filters by our channel names.
  const notifyChannel = database.notifyChannel;
  const listeners = new Set<EventListener>();
  const dispatch = (text: string) => {
    let parsed: RealtimeEvent | RealtimeEvent[];
    try {
      parsed = JSON.parse(text) as RealtimeEvent | RealtimeEvent[];
    } catch {
      return;
    }
    for (const event of Array.isArray(parsed) ? parsed : [parsed]) {
      for (const listener of listeners) listener(event);
    }
  };

  // PGlite: encoded events by the token their transaction will NOTIFY when it commits.
  const held = new Map<string, { texts: string[]; heldAt: number }>();
  const forgetAbandoned = () => {
    const cutoff = Date.now() - HELD_TTL_MS;
    for (const [token, entry] of held) {
      if (entry.heldAt > cutoff) break; // insertion order is age order
      held.delete(token);
    }
  };
  const dispatchHeld = (token: string) => {
    const entry = held.get(token);
    held.delete(token);
    for (const text of entry?.texts ?? []) dispatch(text);
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(notifyChannel, (payload) =>
      payload.startsWith(HELD_PREFIX) ? dispatchHeld(payload) : dispatch(payload),
    );
    stop = () => unlisten();
  } else {
    const pool = database.pool as pg.Pool;
    let client: pg.PoolClient | null = null;
    let closed = false;
    // A dedicated connection holds the LISTEN; if it drops, reconnect with a short back-off.
    const connect = async (attempt = 0): Promise<void> => {
      if (closed) return;
      try {
        client = await pool.connect();
        client.on('notification', (message) => {
          if (message.channel === notifyChannel && message.payload) dispatch(message.payload);
        });
        client.on('error', (error) => {
          log.warn({ err: error }, 'realtime listener connection lost; reconnecting');
          client?.release(error);
          client = null;
          void connect();
        });
        await client.query(`listen ${notifyChannel}`);
      } catch (error) {
        client = null;
        const delay = Math.min(10_000, 250 * 2 ** attempt);
        log.warn({ err: error, delay }, 'realtime listener could not connect; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
        return connect(attempt + 1);
      }
    };
    await connect();
    stop = async () => {
      closed = true;
      if (client) {
        await client.query(`unlisten ${notifyChannel}`).catch(() => {});
        client.release();
        client = null;
      }
    };
  }

  /** Sends encoded events; they reach listeners when `executor`'s transaction commits. */
  async function send(texts: string[], executor: Executor | undefined) {
    if (database.pglite) {
      forgetAbandoned();
      const token = `${HELD_PREFIX}${randomUUID()}`;
      held.set(token, { texts, heldAt: Date.now() });
      try {
        await sql`select pg_notify(${notifyChannel}, ${token})`.execute(executor ?? database.db);
      } catch (error) {
        held.delete(token);
        throw error;
      }
      return;
    }
    // The payloads go as one JSON array parameter: each element's text comes back unchanged from
    // json_array_elements, and a json parameter needs none of a text[] literal's escaping.
    const payloads = packEvents(texts);
    await sql`select pg_notify(${notifyChannel}, payload::text)
      from json_array_elements(${`[${payloads.join(',')}]`}::json) as payload`.execute(
      executor ?? database.db,
    );
  }

  return {
    // Encoding checks the size on PGlite too, so what works in development works on PostgreSQL.
    publish: (channel, event, payload, executor) => send([encode({ channel, event, payload })], executor),
    async publishMany(events, executor) {
      if (events.length) await send(events.map(encode), executor);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
