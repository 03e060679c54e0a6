import { useEffect, useState } from 'react';
import type { PasskeyAuthClient, passkeyAssertion } from '../../lib/passkey-client.ts';
import { patientImport } from '../../lib/patient-import.ts';
import { browserSupportsPasskeys } from './passkey-answers.ts';

type PasskeyState = {
  client: PasskeyAuthClient | null;
  /** "Confirm it's you" with a passkey (passkey-client.ts). */
  assert: typeof passkeyAssertion | null;
  supported: boolean | null;
};

/**
 * The passkey client once the page has hydrated and the browser supports WebAuthn; null before
 * (and for good where it is unsupported), so passkey buttons stay disabled until they can work.
 * Loaded right after hydration rather than on the tap, so the tap goes straight to the device.
 */
export function usePasskeyClient(): PasskeyState {
  const [state, setState] = useState<PasskeyState>({ client: null, assert: null, supported: null });
  useEffect(() => {
    let live = true;
    if (!browserSupportsPasskeys()) {
      setState({ client: null, assert: null, supported: false });
      return;
    }
    // A failed load is asked for again when the network is back (ADR 163); the buttons wait.
    patientImport(() => import('../../lib/passkey-client.ts')).then(
      (module) => {
        if (live)
          setState({ client: module.passkeyAuthClient, assert: module.passkeyAssertion, supported: true });
      },
      () => {
        // Still missing after the retries (a deploy replaced it): the buttons stay disabled.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
