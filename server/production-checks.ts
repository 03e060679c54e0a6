import { type Config, ConfigError } from './config.ts';
import { demoAccountsWithPublishedPassword } from './seed/seed-demo.ts';
import type { AppServices } from './services.ts';

/**
 * What a production server checks once its database is open, before it takes a request: the
 * README's demo sign-ins must not work on it (ADR 108). The settings it reads are checked earlier,
 * by loadConfig (AUTH_SECRET present and not a published value).
 */
export async function assertSafeForProduction(config: Config, services: AppServices): Promise<void> {
  if (!config.isProduction || config.seedDemoRequested) return;
  const exposed = await demoAccountsWithPublishedPassword(services);
  if (!exposed.length) return;
  throw new ConfigError(
    `Refusing to start: APP_ENV=production and ${exposed.length} demo account(s) still sign in with the published password (${exposed.join(', ')}). Remove them from the database, or set SEED_DEMO=true if this server is meant to be a public demo.`,
  );
}
