/**
 * The fan-out benchmark's users: N WebSockets in their own process (own event loop, own core when
 * one is free), so the server process only serves. Each socket subscribes to its user's channel
 * and stamps the first notification event it receives with the shared monotonic clock; the
 * message is checked only later, so stamping costs the loop almost nothing.
 */
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { now, serveWorker } from './fanout-ipc.ts';

const SECRET = process.env.AUTH_SECRET ?? '';

/** better-auth's signed session cookie: HMAC-SHA256 of the token, base64, URL-encoded. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64');
  return `privy.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

type Client = { userId: string; socket: WebSocket; receivedAt?: number; raw?: string };
const clients: Client[] = [];
let idleSince = process.cpuUsage();

function open(user: { id: string; token: string }, port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
      // A WebSocket upgrade from anywhere but the app's own address is refused (ADR 106).
      headers: { cookie: sessionCookie(user.token), origin: `http://127.0.0.1:${port}` },
    });
    const client: Client = { userId: user.id, socket };
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${user.id}` })));
    socket.on('message', (raw) => {
      const at = now();
      if (client.receivedAt !== undefined) return;
      const text = String(raw);
      if (text.startsWith('{"type":"subscribed"')) return resolve(client);
      if (text.startsWith('{"type":"error"')) return reject(new Error(text));
      if (!text.startsWith('{"type":"event"')) return;
      client.receivedAt = at;
      client.raw = text;
    });
  });
}

/** Whether a received event is this user's notification (and not, say, someone else's). */
function isOwnNotification(client: Client): boolean {
  const message = JSON.parse(client.raw ?? '{}') as {
    channel?: string;
    event?: string;
    payload?: { user_id?: string; id?: string };
  };
  return (
    message.channel === `user:${client.userId}` &&
    message.event === 'notification' &&
    message.payload?.user_id === client.userId &&
    typeof message.payload.id === 'string'
  );
}

serveWorker(
  {
    clock: () => now(),
    /** Opens one socket per user, spread over the server ports, 100 handshakes at a time. */
    async connect({ users, ports }: { users: Array<{ id: string; token: string }>; ports: number[] }) {
      for (let start = 0; start < users.length; start += 100) {
        const batch = users.slice(start, start + 100);
        clients.push(
          ...(await Promise.all(
            batch.map((user, i) => open(user, ports[(start + i) % ports.length] as number)),
          )),
        );
      }
      return clients.length;
    },
    /**
     * Waits until every user has an event or `timeoutMs` passes; returns each user's receipt time
     * (null: not delivered) and how many events were not the user's own notification, then clears
     * the stamps for the next round.
     */
    async collect({ timeoutMs }: { timeoutMs: number }) {
      const deadline = now() + timeoutMs;
      while (clients.some((c) => c.receivedAt === undefined) && now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const cpu = process.cpuUsage(idleSince);
      const received = Object.fromEntries(clients.map((c) => [c.userId, c.receivedAt ?? null]));
      const wrong = clients.filter((c) => c.raw !== undefined && !isOwnNotification(c)).length;
      for (const client of clients) {
        client.receivedAt = undefined;
        client.raw = undefined;
      }
      idleSince = process.cpuUsage();
      // CPU this process spent since the previous collect: the burst's receipts, plus polling.
      return { received, wrong, cpuMs: (cpu.user + cpu.system) / 1000 };
    },
  },
  async () => {
    for (const client of clients) client.socket.terminate();
  },
);
