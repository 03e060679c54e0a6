/**
 * One side of the chat benchmark (all guests, or all hosts) in its own process: a WebSocket per
 * party, subscribed to its conversation channel and its user channel, and each party sending one
 * message a second the way the thread page sends it: as a request over its open socket (ADR 149),
 * or with `via: 'http'` through POST /api/messages/:bookingId (the page's fallback). A frame is
 * stamped on the shared monotonic clock (fanout-ipc.ts) before anything else is done with it; a
 * send is stamped just before its request is written.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';
import { MESSAGE_EVENTS, SEND_MESSAGE_ACTION } from '../../common/schemas/messages.ts';
import { now, serveWorker } from './fanout-ipc.ts';
import { takeStalls } from './stalls.ts';

const SECRET = process.env.AUTH_SECRET ?? '';

/** better-auth's signed session cookie: HMAC-SHA256 of the token, base64, URL-encoded. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64');
  return `privy.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

export type Member = { id: string; token: string; bookingId: string };
/** A send: its client id, the sender's sequence number, when it started and ended, the status. */
export type Send = {
  clientId: string;
  seq: number;
  /** When it was due on the party's once-a-second schedule; it starts later if the last was slow. */
  dueAt: number;
  startedAt: number;
  doneAt: number;
  status: number;
};
/** What a party received from the other side on one channel, in arrival order. */
type Inbox = { first: Map<string, number>; duplicates: number; outOfOrder: number; lastSeq: number };
export type Receipts = {
  conversation: Array<[string, number]>;
  user: Array<[string, number]>;
  duplicates: number;
  outOfOrder: number;
  unreadEvents: number;
  ownEchoes: number;
};

type Party = Member & {
  socket: WebSocket;
  cookie: string;
  conversation: Inbox;
  user: Inbox;
  sends: Send[];
  /** Socket requests waiting for their reply, by request id. */
  replies: Map<number, (status: number) => void>;
};
let nextRequestId = 1;
const parties: Party[] = [];
let unreadEvents = 0;
let ownEchoes = 0;
const inbox = (): Inbox => ({ first: new Map(), duplicates: 0, outOfOrder: 0, lastSeq: 0 });

function record(box: Inbox, clientId: string, seq: number, at: number) {
  if (box.first.has(clientId)) {
    box.duplicates++;
    return;
  }
  box.first.set(clientId, at);
  if (seq <= box.lastSeq) box.outOfOrder++;
  box.lastSeq = seq;
}

type Frame = {
  type: string;
  channel?: string;
  event?: string;
  payload?: { message?: { senderId: string; content: string; clientId: string | null } };
};

function onFrame(party: Party, raw: string, at: number) {
  const frame = JSON.parse(raw) as Frame;
  if (frame.type !== 'event') return;
  if (frame.event === MESSAGE_EVENTS.unread) {
    unreadEvents++;
    return;
  }
  const message = frame.payload?.message;
  if (frame.event !== MESSAGE_EVENTS.created || !message?.clientId) return;
  if (message.senderId === party.id) {
    ownEchoes++;
    return;
  }
  const seq = Number(/^#(\d+) /.exec(message.content)?.[1] ?? 0);
  record(frame.channel?.startsWith('user:') ? party.user : party.conversation, message.clientId, seq, at);
}

function open(member: Member, port: number): Promise<Party> {
  return new Promise((resolve, reject) => {
    const origin = `http://127.0.0.1:${port}`;
    const cookie = sessionCookie(member.token);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin } });
    const party: Party = {
      ...member,
      socket,
      cookie,
      conversation: inbox(),
      user: inbox(),
      sends: [],
      replies: new Map(),
    };
    let subscribed = 0;
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', channel: `conversation:${member.bookingId}` }));
      socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${member.id}` }));
    });
    socket.on('message', (data) => {
      const at = now();
      const text = String(data);
      if (text.startsWith('{"type":"subscribed"')) {
        if (++subscribed === 2) resolve(party);
        return;
      }
      if (text.startsWith('{"type":"error"')) return reject(new Error(text));
      if (text.startsWith('{"type":"reply"')) {
        const { id, status } = JSON.parse(text) as { id: number; status: number };
        party.replies.get(id)?.(status);
        party.replies.delete(id);
        return;
      }
      onFrame(party, text, at);
    });
  });
}

function post(agent: http.Agent, port: number, party: Party, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/messages/${party.bookingId}`,
        agent,
        // Long enough that no send is abandoned while the server still stores it (that would reorder).
        timeout: 120_000,
        headers: {
          cookie: party.cookie,
          origin: `http://127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** A send as a request over the party's socket; resolves with the reply's status. */
function request(party: Party, content: string, clientId: string): Promise<number> {
  const id = nextRequestId++;
  return new Promise((resolve) => {
    party.replies.set(id, resolve);
    party.socket.send(
      JSON.stringify({
        type: 'request',
        id,
        action: SEND_MESSAGE_ACTION,
        payload: { bookingId: party.bookingId, content, clientId },
      }),
    );
  });
}

/**
 * Each party sends once a second for `seconds`, the parties' first sends spread evenly over the
 * first second so the load is steady. A party's next message waits for its previous answer (as a
 * chat page does), so its messages leave in order; a send that starts late is counted, and one
 * not started when the time is up is skipped (an overloaded server then gets fewer, not longer).
 */
async function run({
  port,
  seconds,
  side,
  firstSeq = 1,
  via = 'socket',
}: {
  port: number;
  seconds: number;
  side: string;
  firstSeq?: number;
  via?: 'socket' | 'http';
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const started = now();
  const end = started + seconds * 1000;
  let late = 0;
  let skipped = 0;
  await Promise.all(
    parties.map(async (party, index) => {
      for (let seq = firstSeq; seq < firstSeq + seconds; seq++) {
        const dueAt = started + (index / parties.length) * 1000 + (seq - firstSeq) * 1000;
        const wait = dueAt - now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else if (now() > end) {
          skipped += firstSeq + seconds - seq;
          break;
        } else if (wait < -50) late++;
        const clientId = randomUUID();
        const content = `#${seq} from the ${side}, see you soon`;
        const startedAt = now();
        const status =
          via === 'socket'
            ? await request(party, content, clientId)
            : await post(agent, port, party, JSON.stringify({ content, clientId }));
        party.sends.push({ clientId, seq, dueAt, startedAt, doneAt: now(), status });
      }
    }),
  );
  agent.destroy();
  return { late, skipped, seconds: (now() - started) / 1000 };
}

serveWorker(
  {
    clock: () => now(),
    stalls: takeStalls,
    /** Opens one socket per party, 100 handshakes at a time; resolves once all are subscribed. */
    async connect({ members, port }: { members: Member[]; port: number }) {
      for (let start = 0; start < members.length; start += 100) {
        const batch = members.slice(start, start + 100);
        parties.push(...(await Promise.all(batch.map((member) => open(member, port)))));
      }
      return parties.length;
    },
    run,
    /** How many other-party messages have arrived on conversation channels so far. */
    received: () => parties.reduce((sum, party) => sum + party.conversation.first.size, 0),
    sends: (): Send[] => parties.flatMap((party) => party.sends),
    /** Forgets sends and receipts (after the warm-up); the sequence numbers carry on. */
    reset() {
      for (const party of parties) {
        party.sends = [];
        for (const box of [party.conversation, party.user]) {
          box.first.clear();
          box.duplicates = 0;
          box.outOfOrder = 0;
        }
      }
      unreadEvents = 0;
      ownEchoes = 0;
    },
    receipts: (): Receipts => ({
      conversation: parties.flatMap((party) => [...party.conversation.first]),
      user: parties.flatMap((party) => [...party.user.first]),
      duplicates: parties.reduce((sum, p) => sum + p.conversation.duplicates + p.user.duplicates, 0),
      outOfOrder: parties.reduce((sum, p) => sum + p.conversation.outOfOrder + p.user.outOfOrder, 0),
      unreadEvents,
      ownEchoes,
    }),
    cpu: () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    },
  },
  async () => {
    for (const party of parties) party.socket.terminate();
  },
);
