/** The email change's page loader and actions (ADR 145): the same rules as its API, through the forms. */
import { RouterContextProvider } from 'react-router';
import { expect, it } from 'vitest';
import {
  ageSessions,
  latestMessage,
  linkIn,
  pathOf,
  registerByEmail,
} from '../../../server/domains/auth/auth-test-support.ts';
import { describeWithApp, type TestContext } from '../../../server/test/harness.ts';
import { TestAgent } from '../../../server/test/http-client.ts';
import { servicesContext } from '../../lib/context.ts';
import { action as profileAction, loader as profileLoader } from '../../routes/account/profile-details.tsx';
import { action as undoAction, loader as undoLoader } from '../../routes/account/undo-email-change.tsx';

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function argsFor(
  ctx: () => TestContext,
  agent: TestAgent | null,
  path: string,
  form?: Record<string, string>,
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, ctx().services as never);
  const headers = new Headers({ origin: 'http://localhost:3000' });
  if (agent) headers.set('cookie', agent.cookieHeader());
  const request = new Request(`http://localhost:3000${path}`, {
    method: form ? 'POST' : 'GET',
    headers,
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { request, context, params: {} } as never;
}

/** What an action answered with `data(…)`: its body and status. */
const answerOf = (result: unknown) => {
  const answer = result as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { body: answer.data, status: answer.init?.status ?? 200 };
};

describeWithApp('email change pages', (ctx) => {
  it('asks for a fresh proof in the page action, then sends the link and shows the address waiting', async () => {
    const agent = new TestAgent(ctx().app);
    const email = unique('page');
    const { userId } = await registerByEmail(agent, email);
    await ageSessions(ctx().services, userId);
    const newEmail = unique('page-new');
    const form = { intent: 'change-email', email: newEmail };

    const refused = answerOf(await profileAction(argsFor(ctx, agent, '/profile?index', form)));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      ok: false,
      intent: 'change-email',
      code: 'reauthentication_needed',
    });
    const before = await profileLoader(argsFor(ctx, agent, '/profile'));
    expect(before.emailChange).toMatchObject({ pending: null, proofMethod: 'password', outcome: null });

    // Signed in again, in effect: the session is fresh.
    await ctx()
      .services.db.updateTable('session')
      .set({ createdAt: new Date() })
      .where('userId', '=', userId)
      .execute();
    const sent = answerOf(await profileAction(argsFor(ctx, agent, '/profile?index', form)));
    expect(sent.body).toMatchObject({ ok: true, pending: { email: newEmail } });
    const after = await profileLoader(argsFor(ctx, agent, '/profile?email=changed&error=link_used'));
    expect(after.emailChange).toMatchObject({
      pending: { email: newEmail },
      outcome: { error: 'link_used' },
    });

    const bad = answerOf(
      await profileAction(argsFor(ctx, agent, '/profile?index', { intent: 'change-email', email: 'nope' })),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, error: { fields: { email: expect.any(String) } } });
    const cancelled = answerOf(
      await profileAction(argsFor(ctx, agent, '/profile?index', { intent: 'cancel-email-change' })),
    );
    expect(cancelled.body).toMatchObject({ ok: true, cancelled: true });
  });

  it('sends anonymous visitors of the profile to sign in', async () => {
    const form = { intent: 'change-email', email: unique('anon') };
    await expect(profileAction(argsFor(ctx, null, '/profile?index', form))).rejects.toMatchObject({
      status: 302,
    });
  });

  it('opens the undo page without undoing, undoes on the button, and refuses the link after', async () => {
    const agent = new TestAgent(ctx().app);
    const email = unique('undo-page');
    await registerByEmail(agent, email);
    const newEmail = unique('undo-page-new');
    expect((await agent.post('/api/account/email', { email: newEmail })).statusCode).toBe(200);
    await agent.get(pathOf(linkIn((await latestMessage(ctx().services, newEmail)).text)));
    const undoPath = pathOf(linkIn((await latestMessage(ctx().services, email)).text));
    const token = new URL(undoPath, 'http://localhost').searchParams.get('token') ?? '';

    const opened = await undoLoader(argsFor(ctx, null, undoPath));
    expect(opened).toMatchObject({ token, link: { state: 'ready', oldEmail: email } });
    expect((await agent.get('/api/account/email')).json().email).toBe(newEmail);

    const tampered = answerOf(await undoAction(argsFor(ctx, null, undoPath, { token: `${token}x` })));
    expect(tampered.status).toBe(400);
    expect((await agent.get('/api/account/email')).json().email).toBe(newEmail);

    const undone = answerOf(await undoAction(argsFor(ctx, null, undoPath, { token })));
    expect(undone.body).toEqual({ ok: true, email, resetSent: true });
    expect((await agent.get('/api/account/email')).statusCode).toBe(401);
    expect(await undoLoader(argsFor(ctx, null, undoPath))).toMatchObject({
      token: '',
      link: { state: 'used' },
    });
    expect(await undoLoader(argsFor(ctx, null, '/undo-email-change?token=forged'))).toMatchObject({
      link: { state: 'invalid' },
    });
  });
});
