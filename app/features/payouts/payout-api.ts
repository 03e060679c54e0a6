import type { PayoutOutcome, PayoutRun } from '../../../common/schemas/payouts.ts';
import { apiJson } from '../../lib/api-fetch.ts';

/** The browser's calls to /api/admin/payouts (common/schemas/payouts.ts); the server checks admin rights. */
export const payoutApi = {
  payHost: (hostId: string) =>
    apiJson<PayoutOutcome>('POST', `/api/admin/payouts/hosts/${encodeURIComponent(hostId)}/pay`, {}),
  payAll: () => apiJson<PayoutRun>('POST', '/api/admin/payouts/pay-all', {}),
  retry: (payoutId: string) => apiJson<PayoutOutcome>('POST', `/api/admin/payouts/${payoutId}/retry`, {}),
};
