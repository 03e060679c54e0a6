import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';

// SCAFFOLD: replaced by the storage domain's upload and serving routes.
export async function storageRoutes(_app: FastifyInstance, _options: { services: AppServices }) {}
