import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import { type AuthService, createAuthService } from './domains/auth/auth-service.ts';
import { type BetterAuth, createBetterAuth } from './domains/auth/better-auth.ts';
import { insertProfile } from './domains/auth/repository.ts';
import { createEmailService, type EmailService } from './domains/email/email-service.ts';

/** Everything a request handler or a React Router loader may call. Built once per process. */
export type AppServices = {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  email: EmailService;
  betterAuth: BetterAuth;
  auth: AuthService;
};

export function createServices(config: Config, database: DatabaseHandle): AppServices {
  const { db } = database;
  const email = createEmailService({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const betterAuth = createBetterAuth({
    db,
    secret: config.authSecret,
    appUrl: config.appUrl,
    email,
    rateLimitEnabled: config.env !== 'test',
    onUserCreated: async (user) => {
      const [first, ...rest] = user.name.trim().split(/\s+/);
      await insertProfile(db, { id: user.id, first_name: first ?? '', last_name: rest.join(' ') });
    },
  });
  const auth = createAuthService({ db, auth: betterAuth });
  return { config, database, db, email, betterAuth, auth };
}
