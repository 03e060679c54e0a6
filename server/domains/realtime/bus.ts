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
  /** Many events in one round trip (a notification to every admin, a fan-out). */
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
 * Fan-out through PostgreSQL LISTEN/NOTIFY: no broker to run, and several app processes on one
 * PostgreSQL see each other's events. On PGlite the same code runs inside the one process.
 */
export async function createRealtimeBus(
  database: DatabaseHandle,
  log: { warn: (obj: object, msg: string) => void } = console,
): Promise<RealtimeBus> {
  // One PostgreSQL channel carries every realtime event; each process filters by our channel names.
  const notifyChannel = database.notifyChannel;
  const listeners = new Set<EventListener>();
  const dispatch = (text: string) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(text) as RealtimeEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(notifyChannel, dispatch);
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

  return {
    async publish(channel, event, payload, executor) {
      await sql`select pg_notify(${notifyChannel}, ${encode({ channel, event, payload })})`.execute(
        executor ?? database.db,
      );
    },
    async publishMany(events, executor) {
      if (!events.length) return;
      const payloads = events.map(encode);
      await sql`select pg_notify(${notifyChannel}, payload) from unnest(${payloads}::text[]) as payload`.execute(
        executor ?? database.db,
      );
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
