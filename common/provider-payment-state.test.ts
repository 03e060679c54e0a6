import { describe, expect, it } from 'vitest';
import { isUnlinkedProvider } from './provider-payment-state.ts';

describe('isUnlinkedProvider (spec §4 provider payment state)', () => {
  it('counts a provider as unlinked when not connected or without an account id', () => {
    expect(
      isUnlinkedProvider({ is_provider: true, is_stripe_connected: false, stripe_connect_id: null }),
    ).toBe(true);
    expect(
      isUnlinkedProvider({ is_provider: true, is_stripe_connected: false, stripe_connect_id: 'acct_1' }),
    ).toBe(true);
    expect(
      isUnlinkedProvider({ is_provider: true, is_stripe_connected: true, stripe_connect_id: null }),
    ).toBe(true);
    expect(
      isUnlinkedProvider({ is_provider: true, is_stripe_connected: true, stripe_connect_id: 'acct_1' }),
    ).toBe(false);
  });

  it('never flags a member who is not a provider', () => {
    expect(
      isUnlinkedProvider({ is_provider: false, is_stripe_connected: false, stripe_connect_id: null }),
    ).toBe(false);
  });
});
