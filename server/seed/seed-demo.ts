import { countProfiles, updateProfile } from '../domains/auth/repository.ts';
import type { AppServices } from '../services.ts';
import { seedDemoConversations } from './seed-conversations.ts';
import {
  type ListingSeedSummary,
  planDemoCatalogue,
  preparePhotoPool,
  seedDemoListings,
} from './seed-listings.ts';
import { seedDemoReviews } from './seed-reviews.ts';

export const DEMO_PASSWORD = 'privy-demo-2026';

export const DEMO_ACCOUNTS = [
  {
    role: 'admin',
    email: 'admin@privy.test',
    first_name: 'Ada',
    last_name: 'Admin',
    is_admin: true,
    is_provider: false,
  },
  {
    role: 'provider',
    email: 'paula@privy.test',
    first_name: 'Paula',
    last_name: 'Provider',
    is_admin: false,
    is_provider: true,
  },
  {
    role: 'provider',
    email: 'hector@privy.test',
    first_name: 'Hector',
    last_name: 'Host',
    is_admin: false,
    is_provider: true,
  },
  {
    role: 'guest',
    email: 'gina@privy.test',
    first_name: 'Gina',
    last_name: 'Guest',
    is_admin: false,
    is_provider: false,
  },
  {
    role: 'guest',
    email: 'gus@privy.test',
    first_name: 'Gus',
    last_name: 'Guest',
    is_admin: false,
    is_provider: false,
  },
] as const;

/** More demo hosts, so the demo bathrooms are not all Paula's and Hector's (demo-cities.ts). */
export const DEMO_HOSTS = [
  ['maya', 'Maya', 'Chen'],
  ['diego', 'Diego', 'Ramírez'],
  ['nora', 'Nora', 'Patel'],
  ['sam', 'Sam', 'Okafor'],
  ['lucia', 'Lucía', 'Torres'],
  ['jamal', 'Jamal', 'Brooks'],
  ['grace', 'Grace', 'Kim'],
  ['owen', 'Owen', 'Murphy'],
].map(([login, first_name, last_name]) => ({
  role: 'provider',
  email: `${login}@privy.test`,
  first_name: first_name as string,
  last_name: last_name as string,
  is_admin: false,
  is_provider: true,
}));

type DemoAccount = (typeof DEMO_ACCOUNTS)[number] | (typeof DEMO_HOSTS)[number];

/** Every demo account, in the order they are printed: the five above, then the extra hosts. */
export const ALL_DEMO_ACCOUNTS: readonly DemoAccount[] = [...DEMO_ACCOUNTS, ...DEMO_HOSTS];

export type SeedResult = {
  password: string;
  accounts: { role: string; email: string }[];
  /** What the demo catalogue holds and how long it took (first start only). */
  listings?: ListingSeedSummary;
};

/**
 * Creates the demo accounts, already verified, through better-auth's own adapter (the same
 * hashing and hooks as a sign-up), so no verification email is sent for addresses nobody reads.
 * The extra hosts come first, so the five named accounts are the newest (admin's "newest
 * accounts" table shows them). Returns each account's user id by email.
 */
export async function seedDemoAccounts(services: AppServices): Promise<Map<string, string>> {
  const auth = await services.betterAuth.$context;
  const passwordHash = await auth.password.hash(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  for (const account of [...DEMO_HOSTS, ...DEMO_ACCOUNTS]) {
    // The user's create hook (services.ts) inserts the profile; the updates below fill it in.
    const user = await auth.internalAdapter.createUser(
      { email: account.email, name: `${account.first_name} ${account.last_name}`, emailVerified: true },
      { method: 'email-password' },
    );
    await auth.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: passwordHash,
    });
    await updateProfile(services.db, user.id, {
      first_name: account.first_name,
      last_name: account.last_name,
      is_admin: account.is_admin,
      is_provider: account.is_provider,
    });
    ids.set(account.email, user.id);
  }
  return ids;
}

/**
 * Links every demo host to a test-provider Connect account that has finished onboarding, as a host
 * clicking through /test-connect would: an unlinked provider cannot publish (ADR 095). Goes through
 * the payments service, so the profile is updated by the same account.updated event. Returns false
 * under real Stripe: demo hosts get no Stripe accounts, so their listings stay drafts.
 */
export async function linkDemoPayouts(services: AppServices, ids: ReadonlyMap<string, string>) {
  const test = services.payments.test;
  if (!test) return false;
  for (const account of ALL_DEMO_ACCOUNTS) {
    const userId = ids.get(account.email);
    if (!account.is_provider || !userId) continue;
    const { accountId } = await test.provider.createConnectAccount({ userId, email: account.email });
    await services.directory.linkStripeAccount(userId, accountId);
    await test.completeAccount(accountId);
  }
  return true;
}

/**
 * Seeds the demo accounts and the demo bathrooms into an empty database; returns what to print,
 * or null if there is nothing to do (anybody has an account already). All or nothing: a later
 * start only seeds an empty database, so a half-made catalogue would stay half-made.
 */
export async function seedDemoData(services: AppServices): Promise<SeedResult | null> {
  if ((await countProfiles(services.db)) > 0) return null;
  const started = performance.now();
  const plans = planDemoCatalogue(services);
  // The photos first (the slow part): nothing is written until they are ready.
  const pool = await preparePhotoPool(
    services,
    plans.flatMap((plan) => plan.photos),
  );
  const ids = await seedDemoAccounts(services);
  let listings: ListingSeedSummary;
  let conversations: { bookings: number; messages: number };
  let reviews: { reviews: number };
  try {
    const linked = await linkDemoPayouts(services, ids);
    if (!linked)
      services.log.warn({}, 'Stripe mode: demo hosts have no payout accounts, so demo listings stay drafts');
    const publishable = linked ? plans : plans.map((plan) => ({ ...plan, publish: false }));
    listings = await seedDemoListings(services, ids, publishable, pool);
    // The demo guests' bookings and their conversations with the hosts (ADR 119).
    conversations = await seedDemoConversations(services, ids);
    // Published reviews, so the catalogue's ratings are true figures (ADR 124).
    reviews = await seedDemoReviews(services, ids);
  } catch (error) {
    const auth = await services.betterAuth.$context;
    for (const id of ids.values()) await auth.internalAdapter.deleteUser(id);
    throw error;
  }
  const totalMilliseconds = Math.round(performance.now() - started);
  services.log.info(
    {
      ...listings,
      accounts: ids.size,
      demoBookings: conversations.bookings,
      demoReviews: reviews.reviews,
      totalMilliseconds,
    },
    'demo data seeded',
  );
  return {
    password: DEMO_PASSWORD,
    accounts: ALL_DEMO_ACCOUNTS.map(({ role, email }) => ({ role, email })),
    listings,
  };
}

/** On later starts: the demo accounts still present, to print again (none once they are deleted). */
export async function existingDemoAccounts(services: AppServices): Promise<SeedResult | null> {
  const auth = await services.betterAuth.$context;
  const accounts: SeedResult['accounts'] = [];
  for (const { role, email } of ALL_DEMO_ACCOUNTS) {
    if (await auth.internalAdapter.findUserByEmail(email)) accounts.push({ role, email });
  }
  return accounts.length ? { password: DEMO_PASSWORD, accounts } : null;
}

/**
 * The demo accounts that still sign in with the published password: on a production server these
 * are open doors, so main.ts refuses to start while any exists (ADR 108).
 */
export async function demoAccountsWithPublishedPassword(services: AppServices): Promise<string[]> {
  const auth = await services.betterAuth.$context;
  const exposed: string[] = [];
  for (const { email } of ALL_DEMO_ACCOUNTS) {
    const found = await auth.internalAdapter.findUserByEmail(email, { includeAccounts: true });
    const hash = found?.accounts.find((account) => account.providerId === 'credential')?.password;
    if (hash && (await auth.password.verify({ hash, password: DEMO_PASSWORD }))) exposed.push(email);
  }
  return exposed;
}
