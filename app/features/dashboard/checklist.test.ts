import { describe, expect, it } from 'vitest';
import { accountChecklist, type ChecklistInput } from './checklist.ts';

const fresh: ChecklistInput = {
  email: 'gina@privy.test',
  emailVerified: false,
  phoneNumber: null,
  phoneNumberVerified: false,
  twoFactorEnabled: false,
  hasPhoto: false,
  locationCount: 0,
};

describe('account checklist', () => {
  it('asks a new email account for every step, each with a page that exists', () => {
    const items = accountChecklist(fresh);
    expect(items.map((item) => [item.id, item.done, item.to])).toEqual([
      ['verify-email', false, '/profile'],
      ['add-photo', false, '/profile'],
      ['add-address', false, '/profile'],
      ['two-factor', false, '/profile/security'],
    ]);
  });

  it('shows the phone step only for accounts with a phone number', () => {
    const items = accountChecklist({ ...fresh, email: null, phoneNumber: '+15125550142' });
    expect(items.map((item) => item.id)).toEqual(['verify-phone', 'add-photo', 'add-address', 'two-factor']);
    expect(items[0]?.to).toBe('/verify-phone');
  });

  it('ticks off what is done', () => {
    const items = accountChecklist({
      ...fresh,
      emailVerified: true,
      hasPhoto: true,
      locationCount: 2,
      twoFactorEnabled: true,
    });
    expect(items.every((item) => item.done)).toBe(true);
  });
});
