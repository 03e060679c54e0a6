import type { ProfileLocation } from '../../../common/schemas/location.ts';
import type { ProfileView, UpdateProfileInput } from '../../../common/schemas/profile.ts';

import { ApiError, type FieldError, NETWORK_MESSAGE } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';

export { ApiError, type FieldError };

export function updateProfile(input: UpdateProfileInput): Promise<ProfileView> {
  return apiJson('PATCH', '/api/profile', input);
}

export function saveLocations(locations: ProfileLocation[]): Promise<ProfileView> {
  return updateProfile({ locations });
}

export function removeProfilePicture(): Promise<ProfileView> {
  return apiJson('DELETE', '/api/profile/picture');
}

export function resendVerificationEmail(email: string): Promise<{ status: boolean }> {
  return apiJson('POST', '/api/auth/send-verification-email', {
    email,
    callbackURL: '/dashboard?verified=1',
  });
}

/**
 * Uploads the picture with XMLHttpRequest rather than fetch: only XHR reports upload progress.
 * `onProgress` gets a fraction from 0 to 1.
 */
export function uploadProfilePicture(
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<{ profile_picture_url: string; srcset: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/profile/picture');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { message?: string; fields?: FieldError[] } | null;
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as unknown as { profile_picture_url: string; srcset: string });
      } else {
        reject(
          new ApiError(
            request.status,
            body?.message ?? `The upload failed (${request.status}). Please try again.`,
            body?.fields ?? [],
          ),
        );
      }
    };
    request.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
