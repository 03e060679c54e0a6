import { expect, it, vi } from 'vitest';
import { makeImage } from '../domains/storage/upload-test-helpers.ts';
import { describeWithApp } from '../test/harness.ts';
import { TestAgent } from '../test/http-client.ts';
import { DEMO_CITIES } from './demo-cities.ts';
import { PUBLISHED_PER_CITY } from './demo-listings.ts';
import { DEMO_CONVERSATIONS } from './seed-conversations.ts';
import {
  ALL_DEMO_ACCOUNTS,
  DEMO_ACCOUNTS,
  DEMO_HOSTS,
  DEMO_PASSWORD,
  existingDemoAccounts,
  seedDemoAccounts,
  seedDemoData,
} from './seed-demo.ts';
import { demoCities } from './seed-listings.ts';

describeWithApp('demo seed: accounts', (ctx) => {
  it('creates 1 admin, 10 providers and 2 guests, verified, with their roles', async () => {
    const ids = await seedDemoAccounts(ctx().services);
    expect([...ids.keys()].sort()).toEqual(ALL_DEMO_ACCOUNTS.map((account) => account.email).sort());
    const rows = await ctx()
      .services.db.selectFrom('user')
      .innerJoin('profiles', 'profiles.id', 'user.id')
      .select([
        'user.email',
        'user.emailVerified',
        'profiles.first_name',
        'profiles.last_name',
        'profiles.is_admin',
        'profiles.is_provider',
        'profiles.is_active',
        'profiles.is_deleted',
      ])
      .orderBy('user.email')
      .execute();
    expect(rows).toHaveLength(ALL_DEMO_ACCOUNTS.length);
    for (const account of ALL_DEMO_ACCOUNTS) {
      expect(rows.find((row) => row.email === account.email)).toEqual({
        email: account.email,
        emailVerified: true,
        first_name: account.first_name,
        last_name: account.last_name,
        is_admin: account.is_admin,
        is_provider: account.is_provider,
        is_active: true,
        is_deleted: false,
      });
    }
    expect(rows.filter((row) => row.is_admin)).toHaveLength(1);
    expect(rows.filter((row) => row.is_provider)).toHaveLength(2 + DEMO_HOSTS.length);
    expect(rows.filter((row) => !row.is_provider && !row.is_admin)).toHaveLength(2);
  });

  it('makes the five named accounts the newest, so the admin overview lists them first', async () => {
    await seedDemoAccounts(ctx().services);
    const newest = await ctx()
      .services.db.selectFrom('user')
      .select('email')
      .orderBy('createdAt', 'desc')
      .limit(DEMO_ACCOUNTS.length)
      .execute();
    expect(newest.map((row) => row.email).sort()).toEqual(
      DEMO_ACCOUNTS.map((account) => account.email).sort(),
    );
  });

  it('sends no verification email: the accounts are verified already', async () => {
    await seedDemoAccounts(ctx().services);
    const outbox = await ctx().services.db.selectFrom('outbox_messages').select('recipient').execute();
    expect(outbox).toEqual([]);
  });

  it('lists the demo accounts still present, for printing on later starts', async () => {
    expect(await existingDemoAccounts(ctx().services)).toBeNull();
    await seedDemoAccounts(ctx().services);
    expect((await existingDemoAccounts(ctx().services))?.accounts).toHaveLength(ALL_DEMO_ACCOUNTS.length);
    await ctx().services.db.deleteFrom('user').where('email', '=', 'gus@privy.test').execute();
    const listed = await existingDemoAccounts(ctx().services);
    expect(listed?.password).toBe(DEMO_PASSWORD);
    expect(listed?.accounts.map((account) => account.email)).not.toContain('gus@privy.test');
    expect(listed?.accounts).toHaveLength(ALL_DEMO_ACCOUNTS.length - 1);
  });

  it('does nothing when somebody has already registered', async () => {
    const agent = new TestAgent(ctx().app);
    const registered = await agent.post('/api/account/register', {
      email: 'first.real.user@example.com',
      password: 'a fine password',
    });
    expect(registered.statusCode).toBe(200);
    expect(await seedDemoData(ctx().services)).toBeNull();
    const users = await ctx().services.db.selectFrom('user').select('email').execute();
    expect(users).toEqual([{ email: 'first.real.user@example.com' }]);
    expect(await ctx().services.db.selectFrom('bathrooms').select('id').execute()).toEqual([]);
  });

  it('is all or nothing: when the bathrooms cannot be written, the accounts go too, so the next start seeds again', async () => {
    const { services } = ctx();
    // A small stand-in for the pipeline's output keeps this test fast; the import then fails.
    const image = await services.storage.prepareImage(await makeImage('png'), 'bathroom');
    const prepare = vi.spyOn(services.storage, 'prepareImage').mockResolvedValue(image);
    const importing = vi
      .spyOn(services.properties, 'importListings')
      .mockRejectedValueOnce(new Error('disk full'));
    try {
      await expect(seedDemoData(services)).rejects.toThrow('disk full');
      expect(importing).toHaveBeenCalledOnce();
    } finally {
      prepare.mockRestore();
      importing.mockRestore();
    }
    expect(await services.db.selectFrom('user').select('id').execute()).toEqual([]);
    expect(await services.db.selectFrom('profiles').select('id').execute()).toEqual([]);
    expect(await services.db.selectFrom('bathrooms').select('id').execute()).toEqual([]);
  });

  it('lets the seeded admin sign in, as an admin', async () => {
    await seedDemoAccounts(ctx().services);
    const agent = new TestAgent(ctx().app);
    const signIn = await agent.post('/api/account/sign-in', {
      email: 'admin@privy.test',
      password: DEMO_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const me = await agent.get('/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'admin@privy.test',
      emailVerified: true,
      profile: { first_name: 'Ada', last_name: 'Admin', is_admin: true, is_provider: false },
    });
  });

  // Each sign-in checks a scrypt hash on purpose (slow): 18 of them need more than the default limit.
  it('lets every demo account sign in with the shared password, and no other', {
    timeout: 120_000,
  }, async () => {
    await seedDemoAccounts(ctx().services);
    for (const account of ALL_DEMO_ACCOUNTS) {
      const agent = new TestAgent(ctx().app);
      // The extra hosts share the named accounts' password hash, so these five cover the refusal.
      if (DEMO_ACCOUNTS.some((named) => named.email === account.email)) {
        const wrong = await agent.post('/api/account/sign-in', {
          email: account.email,
          password: 'not the password',
        });
        expect(wrong.statusCode, account.email).toBe(401);
      }
      const right = await agent.post('/api/account/sign-in', {
        email: account.email,
        password: DEMO_PASSWORD,
      });
      expect(right.statusCode, account.email).toBe(200);
      const me = (await agent.get('/api/account/me')).json();
      expect(me.profile.is_provider, account.email).toBe(account.is_provider);
      expect(me.profile.is_admin, account.email).toBe(account.is_admin);
    }
  });
});

describeWithApp('demo seed: the bathrooms', (ctx) => {
  it('seeds 200+ published bathrooms in 10+ cities, with photos in storage and hours, found by a search at each centre', {
    timeout: 300_000,
  }, async () => {
    const { services } = ctx();
    const result = await seedDemoData(services);
    expect(result?.password).toBe(DEMO_PASSWORD);
    expect(result?.accounts.slice(0, DEMO_ACCOUNTS.length)).toEqual(
      DEMO_ACCOUNTS.map(({ role, email }) => ({ role, email })),
    );
    expect(result?.accounts).toHaveLength(ALL_DEMO_ACCOUNTS.length);
    const summary = result?.listings;
    expect(summary?.published).toBeGreaterThanOrEqual(200);
    expect(summary?.cities).toBeGreaterThanOrEqual(10);
    expect(summary?.drafts).toBeGreaterThan(0);

    const bathrooms = await services.db
      .selectFrom('bathrooms')
      .innerJoin('user', 'user.id', 'bathrooms.host_id')
      .select(['bathrooms.id', 'bathrooms.status', 'bathrooms.city', 'bathrooms.host_id', 'user.email'])
      .execute();
    const published = bathrooms.filter((row) => row.status === 'published');
    expect(published).toHaveLength(summary?.published ?? -1);
    expect(bathrooms.filter((row) => row.status === 'draft')).toHaveLength(summary?.drafts ?? -1);
    expect(new Set(published.map((row) => row.city)).size).toBeGreaterThanOrEqual(10);
    // Every demo host owns some; nobody else owns any.
    expect(new Set(bathrooms.map((row) => row.email))).toEqual(
      new Set(ALL_DEMO_ACCOUNTS.filter((account) => account.is_provider).map((account) => account.email)),
    );

    // Every demo host is linked to a finished test Connect account, so its listings may be published.
    const hosts = await services.db
      .selectFrom('profiles')
      .leftJoin('test_connect_accounts', 'test_connect_accounts.id', 'profiles.stripe_connect_id')
      .select(['profiles.id', 'profiles.is_stripe_connected', 'test_connect_accounts.payouts_enabled'])
      .where('profiles.is_provider', '=', true)
      .execute();
    expect(hosts).toHaveLength(ALL_DEMO_ACCOUNTS.filter((account) => account.is_provider).length);
    for (const host of hosts) {
      expect(host).toMatchObject({ is_stripe_connected: true, payouts_enabled: true });
    }

    // Each published bathroom: 2–4 described photos whose files exist, each file its own.
    const photos = await services.db
      .selectFrom('bathroom_photos')
      .select(['bathroom_id', 'key_1x', 'key_2x', 'alt'])
      .execute();
    expect(photos).toHaveLength(summary?.photos ?? -1);
    const keys = photos.flatMap((photo) => [photo.key_1x, photo.key_2x]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(await services.storage.objects.get(key), key).not.toBeNull();
    const owners = await services.db
      .selectFrom('stored_images')
      .select(['storage_key', 'owner_id'])
      .execute();
    const ownerOf = new Map(owners.map((row) => [row.storage_key, row.owner_id]));
    const hours = await services.db.selectFrom('bathroom_opening_hours').select('bathroom_id').execute();
    for (const bathroom of published) {
      const own = photos.filter((photo) => photo.bathroom_id === bathroom.id);
      expect(own.length, bathroom.id).toBeGreaterThanOrEqual(2);
      expect(own.length, bathroom.id).toBeLessThanOrEqual(4);
      for (const photo of own) {
        expect(photo.alt.length).toBeGreaterThan(40);
        expect(ownerOf.get(photo.key_1x)).toBe(bathroom.host_id);
      }
      expect(hours.some((range) => range.bathroom_id === bathroom.id)).toBe(true);
    }

    // A newcomer searching at any demo city's centre (default 5 miles) finds that city's bathrooms.
    for (const { config, record } of demoCities(services)) {
      const found = await services.availability.search({
        latitude: record.lat,
        longitude: record.lng,
        radiusMiles: 5,
        filters: { accessibility: [], amenities: [] },
        sort: 'distance',
        limit: 20,
        offset: 0,
      });
      expect(found.total, config.slug).toBe(PUBLISHED_PER_CITY);
      expect(found.results.every((card) => card.cover !== null && card.city === record.name)).toBe(true);
    }
    expect(DEMO_CITIES.length).toBeGreaterThanOrEqual(10);

    // Paula and Hector have a handful each, drafts included, for their /manage pages.
    for (const email of ['paula@privy.test', 'hector@privy.test']) {
      const hostId = bathrooms.find((row) => row.email === email)?.host_id as string;
      const mine = await services.properties.listMine({ userId: hostId, isProvider: true, isAdmin: false });
      expect(mine.length, email).toBeGreaterThanOrEqual(3);
      expect(mine.length, email).toBeLessThanOrEqual(10);
      expect(mine.some((item) => item.status === 'draft')).toBe(true);
      expect(mine.some((item) => item.status === 'published' && item.photo_count >= 2)).toBe(true);
    }

    // A published one reads as a guest would see it.
    const listing = await services.properties.getPublicListing(published[0]?.id as string);
    expect(listing?.opening_hours.length).toBeGreaterThan(0);
    expect(listing?.description).toMatch(/Inside: /);

    // The demo guests' bookings, each with its conversation (seed-conversations.test.ts has the rest).
    expect(await services.db.selectFrom('conversations').select('id').execute()).toHaveLength(
      DEMO_CONVERSATIONS.length,
    );

    // Idempotent: a second start finds the accounts and leaves everything as it was.
    expect(await seedDemoData(services)).toBeNull();
    expect(await services.db.selectFrom('bathrooms').select('id').execute()).toHaveLength(bathrooms.length);
    expect(await services.db.selectFrom('user').select('id').execute()).toHaveLength(
      ALL_DEMO_ACCOUNTS.length,
    );
  });
});
