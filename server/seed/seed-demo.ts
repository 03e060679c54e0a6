import { countProfiles, updateProfile } from '../domains/auth/repository.ts';
import type { AppServices } from '../services.ts';

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

export type SeedResult = { password: string; accounts: { role: string; email: string }[] };

/**
 * Seeds the demo accounts into an empty database; returns what to print, or null if nothing to do.
 * The accounts are created already verified through better-auth's own adapter (the same hashing and
 * hooks as a sign-up), so no verification email is sent for addresses nobody reads.
 */
export async function seedDemoData(services: AppServices): Promise<SeedResult | null> {
  if ((await countProfiles(services.db)) > 0) return null;
  const auth = await services.betterAuth.$context;
  const passwordHash = await auth.password.hash(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
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
  }
  return { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map(({ role, email }) => ({ role, email })) };
}

/** On later starts: the demo accounts still present, to print again (none once they are deleted). */
export async function existingDemoAccounts(services: AppServices): Promise<SeedResult | null> {
  const auth = await services.betterAuth.$context;
  const accounts: SeedResult['accounts'] = [];
  for (const { role, email } of DEMO_ACCOUNTS) {
    if (await auth.internalAdapter.findUserByEmail(email)) accounts.push({ role, email });
  }
  return accounts.length ? { password: DEMO_PASSWORD, accounts } : null;
}
