import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { serverOptions } from './http/operations.ts';
import { existingDemoAccounts, seedDemoData } from './seed/seed-demo.ts';
import { createServices } from './services.ts';

const REQUIRED_NODE_MAJOR = 24;
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor !== REQUIRED_NODE_MAJOR) {
  console.error(
    `Privy needs Node ${REQUIRED_NODE_MAJOR}, but this is Node ${process.versions.node}. Run it through npm (npm start), which uses the project's own Node.`,
  );
  process.exit(1);
}

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
const webBuilt = existsSync(path.join(buildDir, 'server', 'index.js'));
if (!devMode && !webBuilt && config.isProduction) {
  console.error('The web app is not built (build/ is missing). Run `npm run build`, or use `npm start`.');
  process.exit(1);
}

const app = Fastify(serverOptions(config));
if (!devMode && !webBuilt) {
  app.log.warn('the web app is not built (run `npm run build`): serving the API only');
}

const database = await openDatabase(config.database);
const applied = await migrateToLatest(database.db);
if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
const services = await createServices(config, database, app.log);
const seeded = config.seedDemo ? await seedDemoData(services) : null;

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
await services.jobs.start();
console.info(`\nPrivy is running at ${config.appUrl}`);
const demo = seeded ?? (config.seedDemo ? await existingDemoAccounts(services) : null);
if (demo) {
  console.info(`Demo accounts (password for all: ${demo.password}):`);
  for (const account of demo.accounts) console.info(`  ${account.role.padEnd(9)} ${account.email}`);
}
console.info('');
