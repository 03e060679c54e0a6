import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singleLineText } from '../../../common/schemas/text.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { safeStorageKey, UPLOADS_URL_PREFIX } from './object-storage.ts';

/** Keys are random and never reused, so a stored file never changes: browsers may keep it a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function storageRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${UPLOADS_URL_PREFIX}*`,
    {
      schema: {
        tags: ['uploads'],
        summary: 'A stored upload (images are WebP), cached for a year',
        params: z.object({ '*': singleLineText() }),
      },
    },
    async (request, reply) => {
      const key = safeStorageKey(request.params['*']);
      const object = key ? await services.storage.objects.get(key) : null;
      if (!object) throw new AppError('not_found', 'There is no such file.');
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', UPLOAD_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
}
