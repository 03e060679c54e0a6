import type {
  BookingRefundRequests,
  CreateRefundRequestInput,
  RefundRequestView,
} from '../../../common/schemas/refund-requests.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiFetch, apiJson } from '../../lib/api-fetch.ts';

/** The browser's calls to /api/refund-requests (common/schemas/refund-requests.ts). */
type One = { request: RefundRequestView };

export const refundApi = {
  forBooking: (bookingId: string, signal?: AbortSignal) =>
    apiJson<BookingRefundRequests>(
      'GET',
      `/api/refund-requests/booking/${bookingId}`,
      undefined,
      signal ? { signal } : {},
    ),
  file: (input: CreateRefundRequestInput) => apiJson<One>('POST', '/api/refund-requests', input),
  respond: (id: string, response: string) =>
    apiJson<One>('POST', `/api/refund-requests/${id}/response`, { response }),
  approve: (id: string, amountCents?: number) =>
    apiJson<One>(
      'POST',
      `/api/refund-requests/${id}/approve`,
      amountCents === undefined ? {} : { amountCents },
    ),
  deny: (id: string, reason: string) => apiJson<One>('POST', `/api/refund-requests/${id}/deny`, { reason }),
  retry: (id: string) => apiJson<One>('POST', `/api/refund-requests/${id}/retry`),
  appeal: (id: string, message: string) =>
    apiJson<One>('POST', `/api/refund-requests/${id}/appeal`, { message }),
  async addPhoto(id: string, file: File): Promise<One> {
    const form = new FormData();
    form.append('file', file);
    let response: Response;
    try {
      response = await apiFetch(`/api/refund-requests/${id}/photos`, {
        method: 'POST',
        credentials: 'same-origin',
        body: form,
      });
    } catch {
      throw new ApiError(0, 'The photo could not be sent. Check your connection and try again.');
    }
    const payload = (await response.json().catch(() => null)) as (One & { message?: string }) | null;
    if (!response.ok || !payload) {
      throw new ApiError(response.status, payload?.message ?? 'The photo could not be added.', []);
    }
    return payload;
  },
};
