import { describe, expect, it } from 'vitest';
import { phoneFormats } from './user-detail-service.ts';

describe('phoneFormats (spec §5 on the admin user page)', () => {
  it('formats a stored US number from its ten digits in all three formats', () => {
    expect(phoneFormats('+15125550199')).toEqual({
      E164: '+15125550199',
      International: '+1 512 555 0199',
      National: '(512) 555-0199',
    });
  });

  it('shows any other number as stored, and nothing when there is none', () => {
    expect(phoneFormats('+447911123456')).toEqual({
      E164: '+447911123456',
      International: '+447911123456',
      National: '+447911123456',
    });
    expect(phoneFormats(null)).toBeNull();
  });
});
