import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

// PGlite allows one process per data folder: run this with the server stopped.
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const applied = await migrateToLatest(database.db);
  console.info(applied.length ? `Applied: ${applied.join(', ')}` : 'Database already up to date.');
} finally {
  await database.close();
}
