import { createHmac, timingSafeEqual } from 'node:crypto';
import DataLoader from 'dataloader';
import { type Selectable, sql } from 'kysely';
import { PREPARED } from '../../db/callback-query-pool.ts';
import type { Db } from '../../db/database.ts';
import { batchArray } from '../../db/prepared.ts';
import type { ProfileTable } from '../../db/types.ts';
import type { BetterAuth } from './better-auth.ts';

/**
 * The common case of "who is asking", read without better-auth's endpoint machinery (ADR 099,
 * "Who is asking"). better-auth's getSession runs a whole endpoint per call (context, hooks,
 * WebCrypto for the cookie signature) and then our guard read the profile and the contact in two
 * more statements: about 1.5 ms of CPU per request before any work. Here one statement reads the
 * session with its user and profile, and statements asked during one turn of the event loop go
 * as one (DataLoader, no cache: a read is always sent after every request in it arrived).
 *
 * It only ever answers "yes, this live session": a signed cookie, verified with better-auth's own
 * secret and cookie name, naming a session row that exists, has not expired and is not due for
 * better-auth's daily refresh. Anything else (no cookie, a bad signature, a duplicated cookie, an
 * expired, revoked or refresh-due session) returns null and the caller asks better-auth, which
 * then deletes, refreshes or refuses as it always did. Every request reads the database, so a
 * revoked session or a disabled account is refused on the very next request, in every process;
 * better-auth's cookie cache would keep accepting a revoked session until its cookie expires.
 */

export type SessionRead = {
  sessionId: string;
  sessionExpiresAt: Date;
  userId: string;
  email: string;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean | null;
  twoFactorEnabled: boolean | null;
  profile: Selectable<ProfileTable>;
};

type SessionRow = { token: string; expiresAt: Date; read: SessionRead };

async function readSessions(db: Db, tokens: readonly string[]): Promise<SessionRow[]> {
  // One text for any batch size (an array, not `in` of a list), so it is prepared once (ADR 102):
  // every signed-in request runs it. Each token is looked up on its own (a lateral subquery that
  // `offset 0` keeps from being merged into a join): with `s.token = any($1)`, the prepared plan
  // hashed the session and profile tables whole once batches grew (docs/PERFORMANCE.md, Chat).
  const one = db
    .selectFrom('session as s')
    .innerJoin('user as u', 'u.id', 's.userId')
    .innerJoin('profiles as p', 'p.id', 's.userId')
    .selectAll('p')
    .select([
      's.token as session_token',
      's.id as session_id',
      's.expiresAt as session_expires_at',
      'u.email as user_email',
      'u.emailVerified as user_email_verified',
      'u.phoneNumber as user_phone_number',
      'u.phoneNumberVerified as user_phone_number_verified',
      'u.twoFactorEnabled as user_two_factor_enabled',
    ])
    .where(sql<boolean>`s.token = t.token`)
    .offset(0);
  type Row = NonNullable<Awaited<ReturnType<typeof one.executeTakeFirst>>>;
  const { rows } = await sql<Row>`${sql.raw(PREPARED)}select one.*
    from unnest(${batchArray([...new Set(tokens)], 'text')}) as t(token) cross join lateral (${one}) as one`.execute(
    db,
  );
  return rows.map((row) => {
    const {
      session_token: token,
      session_id: sessionId,
      session_expires_at: expiresAt,
      user_email: email,
      user_email_verified: emailVerified,
      user_phone_number: phoneNumber,
      user_phone_number_verified: phoneNumberVerified,
      user_two_factor_enabled: twoFactorEnabled,
      ...profile
    } = row;
    return {
      token,
      expiresAt: new Date(expiresAt),
      read: {
        sessionId,
        sessionExpiresAt: new Date(expiresAt),
        userId: profile.id,
        email,
        emailVerified,
        phoneNumber,
        phoneNumberVerified,
        twoFactorEnabled,
        profile,
      },
    };
  });
}

/** The value of the only cookie called `name`; null when absent or sent more than once. */
function onlyCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  let found: string | null = null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      found = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return found;
}

/** The token of a cookie signed as better-call signs it (`token.base64(HMAC-SHA256)`), else null. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

export function createSessionReader(deps: { db: Db; auth: BetterAuth }) {
  const sessions = new DataLoader<string, SessionRow | null>(
    async (tokens) => {
      const rows = new Map((await readSessions(deps.db, tokens)).map((row) => [row.token, row]));
      return tokens.map((token) => rows.get(token) ?? null);
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 500 },
  );

  return {
    /** The live session the request's cookie names, with its user and profile; null: ask better-auth. */
    async read(headers: Headers): Promise<SessionRead | null> {
      const context = await deps.auth.$context;
      const cookie = onlyCookie(headers.get('cookie'), context.authCookies.sessionToken.name);
      const token = cookie === null ? null : verifiedToken(cookie, context.secret);
      if (token === null) return null;
      const row = await sessions.load(token);
      if (!row) return null;
      const now = Date.now();
      const { expiresIn, updateAge } = context.sessionConfig;
      // better-auth pushes the expiry forward once a session is updateAge old: leave that to it.
      const refreshDue = row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
      if (row.expiresAt.getTime() <= now || refreshDue) return null;
      return row.read;
    },
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
