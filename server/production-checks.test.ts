import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { assertSafeForProduction } from './production-checks.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed/seed-demo.ts';
import { describeWithApp } from './test/harness.ts';

describe('production start-up checks', () => {
  describeWithApp(
    'demo accounts on a production database',
    (ctx) => {
      it('starts on a database without demo accounts', async () => {
        await expect(assertSafeForProduction(ctx().services.config, ctx().services)).resolves.toBeUndefined();
      });

      it('refuses to start while a demo account signs in with the published password', async () => {
        const { services } = ctx();
        await seedDemoAccounts(services);
        const refusal = assertSafeForProduction(services.config, services);
        await expect(refusal).rejects.toBeInstanceOf(ConfigError);
        await expect(refusal).rejects.toThrow(/admin@privy\.test/);
      });

      it('starts once every demo account has another password', async () => {
        const { services } = ctx();
        await seedDemoAccounts(services);
        const auth = await services.betterAuth.$context;
        const hash = await auth.password.hash(`not ${DEMO_PASSWORD}`);
        await sql`update "account" set password = ${hash} where "providerId" = 'credential'`.execute(
          services.db,
        );
        await expect(assertSafeForProduction(services.config, services)).resolves.toBeUndefined();
      });

      it('allows a deliberate public demo (SEED_DEMO=true)', async () => {
        const { services } = ctx();
        await seedDemoAccounts(services);
        const demo = { ...services.config, seedDemoRequested: true };
        await expect(assertSafeForProduction(demo, services)).resolves.toBeUndefined();
      });
    },
    { config: { isProduction: true, env: 'production' } },
  );
});
