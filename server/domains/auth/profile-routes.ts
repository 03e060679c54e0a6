import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import {
  profilePictureSchema,
  profileViewSchema,
  updateProfileSchema,
} from '../../../common/schemas/profile.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { readImageUpload, registerImageUploads } from '../storage/image-upload.ts';
import {
  removeProfilePicture,
  setProfilePicture,
  toProfileView,
  updateOwnProfile,
} from './profile-service.ts';

/** The signed-in user's own profile. There is no id in these paths: nobody can reach another's. */
export async function profileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Your profile, contact details and their verification state',
        response: { 200: profileViewSchema },
      },
    },
    async (request) => toProfileView(await services.auth.requireViewer(toWebHeaders(request))),
  );

  api.patch(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change your name or saved addresses (the list is replaced; the first is the default)',
        body: updateProfileSchema,
        response: { 200: profileViewSchema },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return updateOwnProfile(services, viewer, request.body);
    },
  );

  api.delete(
    '/api/profile/picture',
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove your profile picture',
        response: { 200: profileViewSchema },
      },
    },
    async (request) => {
      const headers = toWebHeaders(request);
      const viewer = await services.auth.requireViewer(headers);
      await removeProfilePicture(services, viewer);
      return toProfileView(viewer, { ...viewer.profile, profile_picture_url: null });
    },
  );

  // Multipart is accepted by this one route only.
  await app.register(async (scope) => {
    await registerImageUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/profile/picture',
      {
        schema: {
          tags: ['profile'],
          summary: 'Upload a new profile picture',
          description: `multipart/form-data with one field named "file": a JPEG, PNG or WebP image up to ${
            IMAGE_MAX_BYTES / 1024 / 1024
          } MB (checked by its content, not its name). It is cropped square and stored as WebP at 1x and 2x.`,
          consumes: ['multipart/form-data'],
          response: { 200: profilePictureSchema },
        },
      },
      async (request) => {
        const viewer = await services.auth.requireViewer(toWebHeaders(request));
        const data = await readImageUpload(request);
        return setProfilePicture(services, viewer, data);
      },
    );
  });
}
