import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';

// SCAFFOLD: replaced by POST /api/email/send and the dev mailbox API.
export async function emailRoutes(_app: FastifyInstance, _options: { services: AppServices }) {}
