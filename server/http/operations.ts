import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/database.ts';
import type { AppServices } from '../services.ts';

export async function operationsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const databaseUp = await pingDatabase(services.db);
    return reply
      .status(databaseUp ? 200 : 503)
      .send({ status: databaseUp ? 'ready' : 'unavailable', database: databaseUp });
  });
}
