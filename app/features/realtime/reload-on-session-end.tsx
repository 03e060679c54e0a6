import { useEffect, useState } from 'react';
import { useFetchers, useNavigation, useRevalidator } from 'react-router';
import { useRealtimeClient } from './realtime-provider.tsx';

/**
 * When the server ends this socket's session (signed out elsewhere, revoked, account disabled), the
 * page reloads who is signed in; the account gate or the sign-in page follows from that answer.
 *
 * Not while one of the page's forms is on its way. better-auth replaces the session when two-step
 * sign-in turns on or off, and the old session's socket is closed before the answer that brings
 * the new cookie arrives: a reload sent then goes out with the old cookie, is taken for a signed
 * out visitor and sends the page to /login. The reload waits for the answer instead; the
 * submission's own revalidation, or this one right after it, then reads the truth.
 */
export function ReloadOnSessionEnd() {
  const client = useRealtimeClient();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting =
    navigation.state === 'submitting' || fetchers.some((fetcher) => fetcher.state === 'submitting');
  const [ended, setEnded] = useState(false);
  useEffect(() => client?.onSessionEnded(() => setEnded(true)), [client]);
  useEffect(() => {
    if (!ended || submitting) return;
    setEnded(false);
    void revalidator.revalidate();
  }, [ended, submitting, revalidator]);
  return null;
}
