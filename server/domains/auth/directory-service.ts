import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { isPlaceholderEmail } from './better-auth.ts';
import {
  findActiveAdminIds,
  findContacts,
  linkStripeAccount,
  saveEmailPreferences,
  setStripeConnectedByAccount,
  updateProfile,
} from './repository.ts';

export type Contact = {
  id: string;
  firstName: string;
  /** null when the account has only a phone number. */
  email: string | null;
  emailVerified: boolean;
  emailPreferences: Partial<Record<string, boolean>>;
};

type Publisher = {
  publish: (
    channel: string,
    event: string,
    payload: unknown,
    executor?: Db | Transaction<Database>,
  ) => Promise<void>;
};

/** What other domains may ask about users: who the admins are, and how to reach someone. */
export function createDirectoryService(db: Db, bus: Publisher) {
  return {
    /**
     * Tells the user's open tabs that their profile changed (an admin disabled the account,
     * approved them as a provider…), so they reload it without a page refresh.
     */
    profileChanged: (userId: string, executor: Db | Transaction<Database> = db) =>
      bus.publish(`user:${userId}`, 'profile', { userId }, executor),
    adminIds: (executor: Db | Transaction<Database> = db) => findActiveAdminIds(executor),
    async contacts(userIds: string[], executor: Db | Transaction<Database> = db): Promise<Contact[]> {
      const rows = await findContacts(executor, userIds);
      return rows.map((row) => ({
        id: row.id,
        firstName: row.first_name,
        email: isPlaceholderEmail(row.email) ? null : row.email,
        emailVerified: row.emailVerified,
        emailPreferences: row.email_preferences ?? {},
      }));
    },
    /** Grants or removes the provider role; returns false when there is no such account. */
    async setProvider(
      userId: string,
      isProvider: boolean,
      executor: Db | Transaction<Database> = db,
    ): Promise<boolean> {
      return Boolean(await updateProfile(executor as Db, userId, { is_provider: isProvider }));
    },
    /**
     * Links a payout (Stripe Connect) account if the profile still holds `replacing` (null: none);
     * returns the account linked afterwards.
     */
    linkStripeAccount: (
      userId: string,
      accountId: string,
      replacing: string | null = null,
      executor: Db | Transaction<Database> = db,
    ) => linkStripeAccount(executor, userId, accountId, replacing),
    /** Sets is_stripe_connected on whoever holds this account and tells their open tabs. */
    async setStripeConnected(
      accountId: string,
      connected: boolean,
      executor: Db | Transaction<Database> = db,
    ): Promise<string[]> {
      const changed = await setStripeConnectedByAccount(executor, accountId, connected);
      for (const userId of changed) await bus.publish(`user:${userId}`, 'profile', { userId }, executor);
      return changed;
    },
    saveEmailPreferences: (userId: string, preferences: Record<string, boolean>) =>
      saveEmailPreferences(db, userId, preferences),
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
