import { Notice } from './auth-ui.tsx';
import type { SignInProvider } from './provider-buttons.tsx';

/**
 * What came back when an outside sign-in or link did not finish: better-auth sends the browser to
 * our error address with `?error=<code>` (ADR 143). Each code is worded for people here.
 */
export type ProviderFailure = { title: string; message: string };

export function describeProviderError(code: string, providerName: string): ProviderFailure {
  switch (code) {
    case 'account_not_linked':
      return {
        title: 'You already have a Privy account with that email',
        message: `Sign in with your password or a one-time code, then link ${providerName} under Profile › Security. From then on, ${providerName} signs you in.`,
      };
    case 'account_already_linked_to_different_user':
      return {
        title: `That ${providerName} account is already linked`,
        message: `It signs in to another Privy account. Sign out and continue with ${providerName} to use that account, or link a different ${providerName} account here.`,
      };
    case 'access_denied':
      return {
        title: 'Sign-in was cancelled',
        message: `${providerName} did not share your account with Privy. Try again, or use your email or phone.`,
      };
    case 'email_not_found':
      return {
        title: `${providerName} did not share an email address`,
        message:
          'Privy needs one to create your account. Allow it on the next try, or sign up with your email.',
      };
    case 'state_not_found':
    case 'state_mismatch':
    case 'please_restart_the_process':
    case 'invalid_callback_request':
      return {
        title: 'That sign-in expired',
        message: `It took too long or was opened in another browser. Start again with ${providerName}.`,
      };
    default:
      return {
        title: `Signing in with ${providerName} didn't work`,
        message: 'Try again in a moment, or sign in with your email or phone.',
      };
  }
}

/** The failure the page's address reports, if it came back from a provider we know. */
export function providerFailureIn(url: URL, providers: SignInProvider[]): ProviderFailure | null {
  const provider = providers.find((each) => each.id === url.searchParams.get('provider'));
  const code = url.searchParams.get('error');
  if (!provider || !code) return null;
  return describeProviderError(code, provider.name);
}

export function ProviderFailureNotice({ failure }: { failure: ProviderFailure | null }) {
  if (!failure) return null;
  return (
    <Notice title={failure.title} testId="provider-failure">
      {failure.message}
    </Notice>
  );
}
