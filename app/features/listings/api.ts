import type {
  CreatePropertyInput,
  OpeningRange,
  PropertyView,
  UpdatePropertyInput,
} from '../../../common/schemas/properties.ts';

import { ApiError, type FieldError, NETWORK_MESSAGE } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';

export { ApiError, type FieldError };

const send = apiJson;

const base = (id: string) => `/api/properties/${encodeURIComponent(id)}`;

export const listingsApi = {
  create: (input: CreatePropertyInput) => send<PropertyView>('POST', '/api/properties', input),
  update: (id: string, input: UpdatePropertyInput) => send<PropertyView>('PATCH', base(id), input),
  publish: (id: string) => send<PropertyView>('POST', `${base(id)}/publish`),
  unpublish: (id: string) => send<PropertyView>('POST', `${base(id)}/unpublish`),
  remove: (id: string) => send<{ deleted: true }>('DELETE', base(id)),
  setOpeningHours: (id: string, ranges: OpeningRange[]) =>
    send<PropertyView>('PUT', `${base(id)}/opening-hours`, { ranges }),
  reorderPhotos: (id: string, photoIds: string[]) =>
    send<PropertyView>('PUT', `${base(id)}/photos/order`, { photo_ids: photoIds }),
  describePhoto: (id: string, photoId: string, alt: string) =>
    send<PropertyView>('PATCH', `${base(id)}/photos/${encodeURIComponent(photoId)}`, { alt }),
  removePhoto: (id: string, photoId: string) =>
    send<PropertyView>('DELETE', `${base(id)}/photos/${encodeURIComponent(photoId)}`),
};

/** Uploads one photo with progress (fetch cannot report upload progress; XHR can). */
export function uploadPhoto(
  id: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<PropertyView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${base(id)}/photos`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (PropertyView & { message?: string; fields?: FieldError[] }) | null;
      if (request.status >= 200 && request.status < 300 && body) {
        onProgress(1);
        resolve(body);
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

/** Field errors keyed by field path, for Mantine's `error` props. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((item) => [item.field, item.message]));
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
