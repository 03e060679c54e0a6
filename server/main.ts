import { existsSync } from 'node:fs';
import path from 'node:path';
import { enableCompileCache, flushCompileCache } from './compile-cache.ts';

const REQUIRED_NODE_MAJOR = 24;
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor !== REQUIRED_NODE_MAJOR) {
  console.error(
    `Privy needs Node ${REQUIRED_NODE_MAJOR}, but this is Node ${process.versions.node}. Run it through npm (npm start), which uses the project's own Node.`,
  );
  process.exit(1);
}

// A first start should answer within 5 s (docs/PERFORMANCE.md): compiled code comes from Node's
// cache, which is why the other modules are imported dynamically below, after this line.
enableCompileCache();
const { ConfigError, loadConfig } = await import('./config.ts');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const devMode = process.argv.includes('--dev');
const buildDir = path.resolve(import.meta.dirname, '..', 'build');
const serverBuild = path.join(buildDir, 'server', 'index.js');
const webBuilt = existsSync(serverBuild);
if (!devMode && !webBuilt && config.isProduction) {
  console.error('The web app is not built (build/ is missing). Run `npm run build`, or use `npm start`.');
  process.exit(1);
}

const [{ default: Fastify }, { serverOptions }, { bootServices }] = await Promise.all([
  import('fastify'),
  import('./http/operations.ts'),
  import('./boot.ts'),
]);
const importedAt = performance.now();
const app = Fastify(serverOptions(config));
if (!devMode && !webBuilt) {
  app.log.warn('the web app is not built (run `npm run build`): serving the API only');
}

// The HTTP app's modules load while the database opens (PGlite compiles its WebAssembly on
// background threads), the built web app too: buildApp's import of it then finds it loaded.
const appModules = Promise.all([
  import('./app.ts'),
  import('./seed/seed-demo.ts'),
  !devMode && webBuilt ? import(serverBuild) : null,
  import('./production-checks.ts'),
]);
appModules.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled
// A new embedded database loads from a prebuilt snapshot when one matches (server/db/snapshot.ts).
const booted = await bootServices(config, { log: app.log }).catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const { database, services, migrations, seeded, snapshot, timings } = booted;
if (snapshot) app.log.info({ snapshot: snapshot.kind, key: snapshot.key }, 'database loaded from snapshot');
if (migrations.length) app.log.info({ migrations }, 'database migrated');

const appStartedAt = performance.now();
const [{ buildApp }, { existingDemoAccounts }, , { assertSafeForProduction }] = await appModules;
await assertSafeForProduction(config, services).catch(async (error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  await database.close();
  process.exit(1);
});
await buildApp(app, {
  services,
  // `npm run dev` passes --dev for Vite's live reloading; everything else serves the built app.
  ...(devMode || webBuilt ? { web: { mode: devMode ? 'development' : 'production', buildDir } } : {}),
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    try {
      await app.close();
      await services.close();
      await database.close();
      clearTimeout(timer);
      app.log.info('shutdown complete: requests finished, database closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  });
}

await app.listen({ port: config.port, host: config.host });
const cpu = process.cpuUsage();
app.log.info(
  {
    startupMs: {
      import: Math.round(importedAt),
      ...timings,
      app: Math.round(performance.now() - appStartedAt),
      total: Math.round(performance.now()),
    },
    // CPU time (user + system) to this point: steadier than the wall clock on a busy machine.
    startupCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  },
  'listening',
);
await services.jobs.start();
console.info(`\nPrivy is running at ${config.appUrl}`);
const demo = seeded ?? (config.seedDemo ? await existingDemoAccounts(services) : null);
if (demo) {
  console.info(`Demo accounts (password for all: ${demo.password}):`);
  for (const account of demo.accounts) console.info(`  ${account.role.padEnd(9)} ${account.email}`);
}
console.info('');
flushCompileCache();
