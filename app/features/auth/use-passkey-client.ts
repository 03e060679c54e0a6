import { useEffect, useState } from 'react';
import type { PasskeyAuthClient } from '../../lib/passkey-client.ts';
import { browserSupportsPasskeys } from './passkey-answers.ts';

/**
 * The passkey client once the page has hydrated and the browser supports WebAuthn; null before
 * (and for good where it is unsupported), so passkey buttons stay disabled until they can work.
 * Loaded right after hydration rather than on the tap, so the tap goes straight to the device.
 */
export function usePasskeyClient(): { client: PasskeyAuthClient | null; supported: boolean | null } {
  const [state, setState] = useState<{ client: PasskeyAuthClient | null; supported: boolean | null }>({
    client: null,
    supported: null,
  });
  useEffect(() => {
    let live = true;
    if (!browserSupportsPasskeys()) {
      setState({ client: null, supported: false });
      return;
    }
    void import('../../lib/passkey-client.ts').then((module) => {
      if (live) setState({ client: module.passkeyAuthClient, supported: true });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
