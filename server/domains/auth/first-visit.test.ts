import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { registerByEmail } from './auth-test-support.ts';

// The dashboard's "Welcome" versus "Welcome back" (ADR 115) rests on this claim.
describeWithApp('first dashboard visit', (ctx) => {
  const viewerOf = async (agent: TestAgent) => {
    const viewer = await ctx().services.auth.getViewer(new Headers({ cookie: agent.cookieHeader() }));
    if (!viewer) throw new Error('not signed in');
    return viewer;
  };

  it('is true once for a brand-new member, then false on every later visit', async () => {
    const agent = new TestAgent(ctx().app, '10.9.0.1');
    await registerByEmail(agent, 'newcomer@example.com');
    const { auth } = ctx().services;
    expect(await auth.claimFirstVisit(await viewerOf(agent))).toBe(true);
    expect(await auth.claimFirstVisit(await viewerOf(agent))).toBe(false);
    // A viewer read before the claim (a second tab racing the first) does not get a second "Welcome".
    const other = new TestAgent(ctx().app, '10.9.0.2');
    await registerByEmail(other, 'racer@example.com');
    const [first, second] = await Promise.all([viewerOf(other), viewerOf(other)]);
    const claims = await Promise.all([auth.claimFirstVisit(first), auth.claimFirstVisit(second)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
