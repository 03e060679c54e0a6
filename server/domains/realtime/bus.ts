import { randomUUID } from 'node:crypto';
import type { RawBuilder, Transaction } from 'kysely';
import { sql } from 'kysely';
import type pg from 'pg';
import { PREPARED } from '../../db/callback-query-pool.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

type Executor = Db | Transaction<Database>;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids and short texts only. */
export const MAX_EVENT_BYTES = 7900;

export type RealtimeEvent = { channel: string; event: string; payload: unknown };
export type EventListener = (event: RealtimeEvent) => void;
/** An event's channel and its JSON text (`{"channel":…,"event":…,"payload":…}`), ready to forward. */
export type EncodedListener = (channel: string, text: string) => void;

export type RealtimeBus = {
  /**
   * Delivers to every subscriber in every server process sharing this database. Pass the
   * transaction doing the write: PostgreSQL then sends the event only if that transaction commits.
   */
  publish(channel: string, event: string, payload: unknown, executor?: Executor): Promise<void>;
  /**
   * Many events in one round trip (a notification to every admin, a fan-out). On PostgreSQL they
   * travel packed, one per line, filling each NOTIFY payload (1,000 notifications: ~70 NOTIFYs).
   */
  publishMany(events: RealtimeEvent[], executor?: Executor): Promise<void>;
  /**
   * publishMany for events the caller has serialised itself, each exactly as
   * `JSON.stringify({ channel, event, payload })` would write it (a fan-out builds 1,000 texts
   * from parts it already has as JSON, cheaper than serialising 1,000 objects).
   */
  publishEncoded(events: Array<{ channel: string; text: string }>, executor?: Executor): Promise<void>;
  /**
   * publishEncoded without a round trip of its own: `write` runs the caller's statement with
   * `notify` among its CTEs (`with …, told as (${notify}) select … (select notified from told)`),
   * a one-row select whose `notified` column must be read so the NOTIFYs run. The events go when
   * that statement's transaction commits; if `write` fails, nothing is sent.
   */
  publishEncodedWithin<T>(
    events: Array<{ channel: string; text: string }>,
    write: (notify: RawBuilder<{ notified: string }>) => Promise<T>,
  ): Promise<T>;
  /**
   * The select that sends events the caller's statement composes itself (a count only the
   * statement knows, ADR 154): `texts` yields one `text` per event, written as encode writes it
   * ({"channel":…,"event":…,"payload":…}) and under MAX_EVENT_BYTES; each goes in a NOTIFY of its
   * own when the statement's transaction commits. Use it as publishEncodedWithin's `notify`.
   */
  notifyEachRow(texts: RawBuilder<{ text: string }>): RawBuilder<{ notified: string }>;
  onEvent(listener: EventListener): () => void;
  /**
   * The same events as JSON text, for the socket gateway: on PGlite no event is parsed or
   * serialised again on its way to the sockets.
   */
  onEncoded(listener: EncodedListener): () => void;
  /**
   * Whether this process hears every event now. False while the LISTEN connection is lost: events
   * committed then never reach this process, so sockets are closed and clients fetch what they
   * missed when they reconnect (ADR 107). Always true on PGlite.
   */
  isListening(): boolean;
  onListeningChange(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
};

type Encoded = { channel: string; text: string };

/**
 * Serialises once, at publish time: what is sent is what the caller had then. The keys go in this
 * order whatever the caller's object had, so receivers find the channel first (channelOf).
 */
export function encode({ channel, event, payload }: RealtimeEvent): Encoded {
  return checked({ channel, text: JSON.stringify({ channel, event, payload }) });
}

function checked(event: Encoded): Encoded {
  const { channel, text } = event;
  // A UTF-16 code unit is at most 3 UTF-8 bytes: most events need no byte count at all.
  if (text.length * 3 > MAX_EVENT_BYTES && Buffer.byteLength(text) > MAX_EVENT_BYTES) {
    throw new Error(`Realtime event on ${channel} is too large to publish`);
  }
  // Receivers read the channel back from the text (channelOf): it must say the same.
  if (!text.startsWith(`{"channel":${JSON.stringify(channel)},"event":`)) {
    throw new Error(`Realtime event text for ${channel} is not an encoded event on that channel`);
  }
  return event;
}

/**
 * Between events in a NOTIFY payload: JSON.stringify never writes a raw line break (it escapes
 * every control character), so a payload splits back into the events' texts without parsing.
 */
const EVENT_SEPARATOR = '\n';
/** Between payloads in the one parameter that carries them all to pg_notify (ASCII record separator). */
const PAYLOAD_SEPARATOR = '\u001e';

/**
 * Packs encoded events, in order, into as few NOTIFY payloads as fit under MAX_EVENT_BYTES (UTF-8
 * bytes, as PostgreSQL counts them), one event's JSON text per line.
 */
export function packEvents(texts: string[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const text of texts) {
    const size = Buffer.byteLength(text) + 1; // and its line break
    if (batch.length && bytes + size > MAX_EVENT_BYTES) {
      payloads.push(batch.join(EVENT_SEPARATOR));
      batch = [];
      bytes = 0;
    }
    batch.push(text);
    bytes += size;
  }
  if (batch.length) payloads.push(batch.join(EVENT_SEPARATOR));
  return payloads;
}

/**
 * The channel of an encoded event, read from the text's start (`{"channel":"…","event":…`, as
 * encode writes it) without parsing the rest. Inside a JSON string every quote is escaped, so the
 * first `","event":` ends the channel. Null for text that is not an encoded event.
 */
export function channelOf(text: string): string | null {
  if (!text.startsWith('{"channel":"')) return null;
  const end = text.indexOf('","event":', 11);
  if (end < 0) return null;
  const raw = text.slice(12, end);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return null;
  }
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
  const encodedListeners = new Set<EncodedListener>();
  /**
   * A NOTIFY payload from PostgreSQL: events' JSON texts, one per line. The socket gateway gets
   * each text as it came; only object listeners (onEvent) make it parse.
   */
  const dispatch = (payload: string) => {
    for (const text of payload.split(EVENT_SEPARATOR)) {
      const channel = channelOf(text);
      if (channel !== null) dispatchEncoded({ channel, text });
    }
  };
  /** An encoded event: parsed only if someone wants the object. */
  const dispatchEncoded = ({ channel, text }: Encoded) => {
    for (const listener of encodedListeners) listener(channel, text);
    if (!listeners.size) return;
    let event: RealtimeEvent;
    try {
      event = JSON.parse(text) as RealtimeEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  };

  // PGlite: encoded events by the token their transaction will NOTIFY when it commits.
  const held = new Map<string, { events: Encoded[]; heldAt: number }>();
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
    for (const event of entry?.events ?? []) dispatchEncoded(event);
  };

  let listening = true;
  const listeningListeners = new Set<(listening: boolean) => void>();
  const setListening = (next: boolean) => {
    if (next === listening) return;
    listening = next;
    for (const listener of listeningListeners) listener(next);
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
    // A dedicated connection holds the LISTEN; if it drops, reconnect with a short back-off, capped
    // at a second so realtime is back within a second or two of PostgreSQL (ADR 107).
    const lost = (current: pg.PoolClient, error: Error | undefined) => {
      if (client !== current) return; // already handled (an 'error' is followed by an 'end')
      client = null;
      current.release(error ?? true);
      if (closed) return;
      setListening(false);
      log.warn({ err: error }, 'realtime listener connection lost; reconnecting');
      void connect();
    };
    const connect = async (attempt = 0): Promise<void> => {
      if (closed) return;
      let current: pg.PoolClient | null = null;
      try {
        current = await pool.connect();
        const held = current;
        held.on('notification', (message) => {
          if (message.channel === notifyChannel && message.payload) dispatch(message.payload);
        });
        held.on('error', (error) => lost(held, error));
        held.on('end', () => lost(held, undefined));
        await held.query(`listen ${notifyChannel}`);
        if (closed) return held.release();
        client = held;
        setListening(true);
      } catch (error) {
        current?.release(true);
        if (closed) return;
        setListening(false);
        const delay = Math.min(1_000, 100 * 2 ** attempt);
        if (attempt === 0) log.warn({ err: error, delay }, 'realtime listener could not connect; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
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

  /**
   * Hands `write` the select that sends encoded events (they reach listeners when the transaction
   * running it commits). On PGlite the events wait here under a token, dropped if `write` fails.
   */
  async function within<T>(
    events: Encoded[],
    write: (notify: RawBuilder<{ notified: string }>) => Promise<T>,
  ): Promise<T> {
    if (database.pglite) {
      if (!events.length) return write(sql`select 0::bigint as notified`);
      forgetAbandoned();
      const token = `${HELD_PREFIX}${randomUUID()}`;
      held.set(token, { events, heldAt: Date.now() });
      try {
        return await write(sql`select count(pg_notify(${notifyChannel}, ${token})) as notified`);
      } catch (error) {
        held.delete(token);
        throw error;
      }
    }
    // All payloads travel as one text parameter, split in the statement: no array literal to
    // escape on the way in, and each payload reaches pg_notify as it was packed. With no events
    // the array is empty and nothing is sent, by the same text (prepared, ADR 102).
    const payloads = packEvents(events.map((event) => event.text));
    return write(sql`select count(pg_notify(${notifyChannel}, payload)) as notified
      from unnest(string_to_array(${payloads.join(PAYLOAD_SEPARATOR)}::text, chr(30))) as payload`);
  }

  /** Sends encoded events on their own; they reach listeners when `executor`'s transaction commits. */
  async function send(events: Encoded[], executor: Executor | undefined) {
    // Prepared (ADR 102): every write that tells an open tab runs this very text.
    await within(events, (notify) => sql`${sql.raw(PREPARED)}${notify}`.execute(executor ?? database.db));
  }

  return {
    // Encoding checks the size on PGlite too, so what works in development works on PostgreSQL.
    publish: (channel, event, payload, executor) => send([encode({ channel, event, payload })], executor),
    async publishMany(events, executor) {
      if (events.length) await send(events.map(encode), executor);
    },
    async publishEncoded(events, executor) {
      if (events.length) await send(events.map(checked), executor);
    },
    publishEncodedWithin: (events, write) => within(events.map(checked), write),
    // On PGlite too: a payload without the held-events prefix is dispatched as it came.
    notifyEachRow: (texts) =>
      sql`select count(pg_notify(${notifyChannel}, e.text)) as notified from (${texts}) as e`,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEncoded(listener) {
      encodedListeners.add(listener);
      return () => encodedListeners.delete(listener);
    },
    isListening: () => listening,
    onListeningChange(listener) {
      listeningListeners.add(listener);
      return () => listeningListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      encodedListeners.clear();
      listeningListeners.clear();
      await stop();
    },
  };
}
