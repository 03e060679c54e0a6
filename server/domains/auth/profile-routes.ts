import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';

// SCAFFOLD: replaced by the profile routes (GET/PATCH /api/profile, locations, picture).
export async function profileRoutes(_app: FastifyInstance, _options: { services: AppServices }) {}
