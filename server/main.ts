import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoData } from './seed/seed-demo.ts';
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

const app = Fastify({
  logger: {
    level: config.logLevel,
    ...(config.isProduction ? {} : { transport: undefined }),
  },
  requestIdHeader: 'x-request-id',
  requestIdLogLabel: 'requestId',
  disableRequestLogging: false,
  trustProxy: config.trustProxy,
  bodyLimit: 1024 * 1024,
  return503OnClosing: true,
});

const database = await openDatabase(config.database);
const applied = await migrateToLatest(database.db);
if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
const services = createServices(config, database);
const seeded = config.seedDemo ? await seedDemoData(services) : null;

await buildApp(app, {
  services,
  web: {
    // `npm run dev` passes --dev for Vite's live reloading; everything else serves the built app.
    mode: process.argv.includes('--dev') ? 'development' : 'production',
    buildDir: path.resolve(import.meta.dirname, '..', 'build'),
  },
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
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  });
}

await app.listen({ port: config.port, host: config.host });
if (seeded) {
  console.info(
    `\nPrivy is running at ${config.appUrl}\nDemo accounts (password for all: ${seeded.password}):`,
  );
  for (const account of seeded.accounts) console.info(`  ${account.role.padEnd(9)} ${account.email}`);
  console.info('');
}
