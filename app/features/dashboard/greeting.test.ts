import { describe, expect, it } from 'vitest';
import { dashboardGreeting } from './greeting.ts';

describe('dashboardGreeting', () => {
  it('says Welcome, never "back", on the first visit', () => {
    expect(dashboardGreeting('Gina', true)).toBe('Welcome, Gina');
    expect(dashboardGreeting('', true)).toBe('Welcome to Privy');
  });

  it('says Welcome back on later visits', () => {
    expect(dashboardGreeting('Gina', false)).toBe('Welcome back, Gina');
    expect(dashboardGreeting('  ', false)).toBe('Welcome back');
  });
});
