import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { ageSessions, enrolTotp, registerByEmail, totpCode } from './auth-test-support.ts';
import { updateProfile } from './repository.ts';

const LIST = '/api/auth/passkey/list-user-passkeys';
const DELETE = '/api/auth/passkey/delete-passkey';
const REGISTER_OPTIONS = '/api/auth/passkey/generate-register-options';

describeWithApp('passkeys: who may list, add and delete them (ADR 146)', (ctx) => {
  let serial = 0;
  const unique = (name: string) => `${name}-${++serial}@example.com`;

  /** A stored passkey row, as the plugin writes it after a verified registration. */
  async function storedPasskey(userId: string, name = 'Phone') {
    const id = `pk-${userId}-${++serial}`;
    await ctx()
      .services.db.insertInto('passkey')
      .values({
        id,
        name,
        publicKey: 'cHVibGljLWtleQ',
        userId,
        credentialID: `cred-${id}`,
        counter: 0,
        deviceType: 'multiDevice',
        backedUp: true,
        transports: 'internal',
        createdAt: new Date(),
        aaguid: null,
      })
      .execute();
    return id;
  }

  it('refuses anonymous callers, and never shows or deletes another user’s passkey', async () => {
    const anonymous = new TestAgent(ctx().app);
    expect((await anonymous.get(LIST)).statusCode).toBe(401);
    expect((await anonymous.get(REGISTER_OPTIONS)).statusCode).toBe(401);
    expect((await anonymous.post(DELETE, { id: 'anything' })).statusCode).toBe(401);

    const owner = new TestAgent(ctx().app);
    const { userId: ownerId } = await registerByEmail(owner, unique('ada'));
    const ownersPasskey = await storedPasskey(ownerId, 'Ada’s phone');

    const other = new TestAgent(ctx().app);
    const { userId: otherId } = await registerByEmail(other, unique('bo'));
    await storedPasskey(otherId, 'Bo’s laptop');

    const listed = await owner.get(LIST);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((row: { name: string }) => row.name)).toEqual(['Ada’s phone']);
    expect((await other.get(LIST)).json().map((row: { name: string }) => row.name)).toEqual(['Bo’s laptop']);

    const stolen = await other.post(DELETE, { id: ownersPasskey });
    expect(stolen.statusCode).toBe(401);
    const kept = await ctx()
      .services.db.selectFrom('passkey')
      .select('id')
      .where('id', '=', ownersPasskey)
      .executeTakeFirst();
    expect(kept?.id).toBe(ownersPasskey);
    // Renaming is the owner's alone too.
    expect(
      (await other.post('/api/auth/passkey/update-passkey', { id: ownersPasskey, name: 'Mine' })).statusCode,
    ).toBe(401);

    const deleted = await owner.post(DELETE, { id: ownersPasskey });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await owner.get(LIST)).json()).toEqual([]);
  });

  it('refuses a disabled account', async () => {
    const disabled = new TestAgent(ctx().app);
    const { userId } = await registerByEmail(disabled, unique('cy'));
    const id = await storedPasskey(userId);
    await updateProfile(ctx().services.db, userId, { is_deleted: true });
    expect((await disabled.get(LIST)).statusCode).toBe(403);
    expect((await disabled.get(REGISTER_OPTIONS)).statusCode).toBe(403);
    expect((await disabled.post(DELETE, { id })).statusCode).toBe(403);
  });

  it('asks to confirm it’s you before adding or deleting a passkey once the sign-in is 10 minutes old', async () => {
    const agent = new TestAgent(ctx().app);
    const { userId } = await registerByEmail(agent, unique('dee'));
    const id = await storedPasskey(userId);

    const fresh = await agent.get(REGISTER_OPTIONS);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({
      rp: { name: 'Privy', id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });

    await ageSessions(ctx().services, userId);
    for (const refused of [
      await agent.get(REGISTER_OPTIONS),
      await agent.post('/api/auth/passkey/verify-registration', { response: {} }),
      await agent.post(DELETE, { id }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'REAUTHENTICATION_NEEDED' });
    }
    // Listing is not a change: it still answers.
    expect((await agent.get(LIST)).statusCode).toBe(200);

    const proved = await agent.post('/api/account/reauthenticate', { password: 'quiet harbour lantern' });
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await agent.post(DELETE, { id })).statusCode).toBe(200);
  });

  it('asks an account with a second factor for its code, not the password, before a passkey change', async () => {
    const agent = new TestAgent(ctx().app);
    const { userId } = await registerByEmail(agent, unique('eli'));
    const { totpURI } = await enrolTotp(agent);
    const id = await storedPasskey(userId);
    await ageSessions(ctx().services, userId);
    expect((await agent.post(DELETE, { id })).statusCode).toBe(403);
    expect(
      (await agent.post('/api/account/reauthenticate', { code: await totpCode(totpURI) })).statusCode,
    ).toBe(200);
    expect((await agent.post(DELETE, { id })).statusCode).toBe(200);
  });

  it('takes no made-up passkey as the proof for "Confirm it’s you"', async () => {
    const agent = new TestAgent(ctx().app);
    const { userId } = await registerByEmail(agent, unique('fay'));
    await storedPasskey(userId);
    await ageSessions(ctx().services, userId);
    await agent.get('/api/auth/passkey/generate-authenticate-options');
    const forged = await agent.post('/api/account/reauthenticate', {
      passkey: { id: 'unknown-credential', rawId: 'unknown-credential', type: 'public-key', response: {} },
    });
    expect(forged.statusCode).toBe(400);
    expect((await agent.get('/api/account/reauthenticate')).json().fresh).toBe(false);
    const both = await agent.post('/api/account/reauthenticate', {
      password: 'quiet harbour lantern',
      passkey: { id: 'x' },
    });
    expect(both.statusCode).toBe(400);
    expect((await agent.get('/api/auth/list-sessions')).json()).toHaveLength(1);
  });

  it('signs nobody in with a passkey nobody registered', async () => {
    const agent = new TestAgent(ctx().app);
    const options = await agent.get('/api/auth/passkey/generate-authenticate-options');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({ rpId: 'localhost' });
    const answer = await agent.post('/api/auth/passkey/verify-authentication', {
      response: { id: 'unknown-credential', rawId: 'unknown-credential', type: 'public-key', response: {} },
    });
    expect(answer.statusCode).toBe(401);
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
  });
});
