import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemoAccounts, seedDemoData } from '../server/seed/seed-demo.ts';
import { planDemoCatalogue, preparePhotoPool, seedDemoListings } from '../server/seed/seed-listings.ts';
import { type AppServices, createServices, type ServiceLogger } from '../server/services.ts';
import { machine } from './lib/server.ts';

/**
 * The demo seed a first start runs (ADR 081: 200+ bathrooms with photos; target < 15 s on a 2-core
 * box), on a fresh in-memory PGlite each time: `seedDemoData` as a first start calls it, then once
 * more step by step to show where the time goes. CPU is the whole process's (sharp's
 * threads included). Usage: node bench/seed-demo.ts [runs]
 */
const RUNS = Number(process.argv[2] ?? 3);
const quiet: ServiceLogger = { error: () => {}, warn: () => {}, info: () => {} };

async function withServices<T>(task: (services: AppServices) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'privy-bench-seed-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  const services = await createServices(config, database, quiet);
  try {
    return await task(services);
  } finally {
    await services.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function timed<T>(task: () => Promise<T> | T): Promise<{ value: T; wall: number; cpu: number }> {
  const [wall0, cpu0] = [performance.now(), cpuMs()];
  const value = await task();
  return { value, wall: Math.round(performance.now() - wall0), cpu: Math.round(cpuMs() - cpu0) };
}

console.info(`Demo seed · ${machine()}`);
console.info('| run | wall | CPU | published | cities | photos (pool) |');
console.info('| --- | --- | --- | --- | --- | --- |');
for (let run = 1; run <= RUNS; run++) {
  await withServices(async (services) => {
    const { value, wall, cpu } = await timed(() => seedDemoData(services));
    const listings = value?.listings;
    console.info(
      `| ${run} | ${(wall / 1000).toFixed(1)} s | ${(cpu / 1000).toFixed(1)} s | ${listings?.published} | ${listings?.cities} | ${listings?.photos} (${listings?.photoPool}) |`,
    );
  });
}

console.info('\nStep by step:');
console.info('| step | wall | CPU |');
console.info('| --- | --- | --- |');
await withServices(async (services) => {
  const plan = await timed(() => planDemoCatalogue(services));
  const pool = await timed(() =>
    preparePhotoPool(
      services,
      plan.value.flatMap((item) => item.photos),
    ),
  );
  const accounts = await timed(() => seedDemoAccounts(services));
  const listings = await timed(() => seedDemoListings(services, accounts.value, plan.value, pool.value));
  const rows: [string, { wall: number; cpu: number }][] = [
    ['plan (loads the gazetteer)', plan],
    [`draw + pipeline, ${pool.value.size} photos`, pool],
    [`accounts (${accounts.value.size}, one password hash)`, accounts],
    [
      `import ${listings.value.published + listings.value.drafts} listings, ${listings.value.photos} photo copies`,
      listings,
    ],
  ];
  for (const [name, step] of rows) {
    console.info(`| ${name} | ${(step.wall / 1000).toFixed(2)} s | ${(step.cpu / 1000).toFixed(2)} s |`);
  }
});
