import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { type AppServices, createServices } from '../services.ts';
import { type DatabaseKind, openTestDatabase, testConfig } from '../test/harness.ts';
import { serverOptions } from './operations.ts';

export type ProductionApp = {
  app: FastifyInstance;
  services: AppServices;
  database: DatabaseHandle;
  /** Takes the database away under the running app (the realtime listeners go with it). */
  closeDatabase: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The app on the exact Fastify options main.ts uses (request ids, body limit), which the shared
 * harness does not apply. `extend` may add routes before the app is ready.
 */
export async function startProductionApp(
  kind: DatabaseKind,
  options: {
    logger?: FastifyServerOptions['logger'];
    extend?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<ProductionApp> {
  const database = await openTestDatabase(kind);
  const config = testConfig();
  const services = await createServices(config, database);
  const app = Fastify({ ...serverOptions(config), logger: options.logger ?? false });
  await buildApp(app, { services });
  await options.extend?.(app);
  await app.ready();
  let closed = false;
  let servicesClosed = false;
  const closeServices = async () => {
    if (servicesClosed) return;
    servicesClosed = true;
    await services.close();
  };
  return {
    app,
    services,
    database,
    closeDatabase: async () => {
      await closeServices();
      await database.close();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await closeServices();
      await database.drop();
    },
  };
}
