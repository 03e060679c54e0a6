import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { signInProviderList, signInProviderOrigins } from './sign-in-provider-config.ts';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'privy-providers-')) });

describe('outside sign-in provider settings', () => {
  it('offers no provider when none is configured', () => {
    const config = loadConfig(base());
    expect(config.signInProviders).toEqual({ google: null, apple: null, oidc: null });
    expect(signInProviderList(config.signInProviders)).toEqual([]);
  });

  it('offers each provider whose settings are complete, in a fixed order, with its name', () => {
    const config = loadConfig({
      ...base(),
      OIDC_ISSUER: 'https://login.example.com/realms/staff/',
      OIDC_CLIENT_ID: 'privy',
      OIDC_CLIENT_SECRET: 'shh',
      OIDC_NAME: 'Staff login',
      GOOGLE_CLIENT_ID: 'g.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'g-secret',
    });
    expect(signInProviderList(config.signInProviders)).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'oidc', name: 'Staff login' },
    ]);
    expect(config.signInProviders.oidc?.issuer).toBe('https://login.example.com/realms/staff');
    expect(signInProviderOrigins(config.signInProviders)).toEqual([
      'https://accounts.google.com',
      'https://login.example.com',
    ]);
  });

  it('refuses half a provider, naming what is missing', () => {
    expect(() => loadConfig({ ...base(), GOOGLE_CLIENT_ID: 'only-the-id' })).toThrow(
      /GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/,
    );
    expect(() => loadConfig({ ...base(), OIDC_ISSUER: 'https://login.example.com' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base(), OIDC_ISSUER: 'ftp://nope', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }),
    ).toThrow(/OIDC_ISSUER: must be an http/);
  });
});
