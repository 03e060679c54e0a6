import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';

export async function emailRoutes(_app: FastifyInstance, _options: { services: AppServices }) {}
