/**
 * Production without a text-message provider (ADR 142): the pages offer no phone sign-up or texted
 * code and say why in one line, from the loaders' flag; the server itself refuses to text anyone.
 * The same pages on a laptop (the dev outbox) still offer phone numbers.
 */
import { MantineProvider } from '@mantine/core';
import type { FC } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub, RouterContextProvider } from 'react-router';
import { expect, it } from 'vitest';
import { SMS_UNAVAILABLE_REASONS } from '../../../common/constants.ts';
import { countMessages, PASSWORD } from '../../../server/domains/auth/auth-test-support.ts';
import { describeWithApp } from '../../../server/test/harness.ts';
import { TestAgent } from '../../../server/test/http-client.ts';
import { servicesContext } from '../../lib/context.ts';
import ForgotPasswordPage, { loader as forgotPasswordLoader } from '../../routes/account/forgot-password.tsx';
import LoginCodePage, { loader as loginCodeLoader } from '../../routes/account/login-code.tsx';
import RegisterPage, { loader as registerLoader } from '../../routes/account/register.tsx';
import { theme } from '../../ui/theme.ts';

function argsFor(services: unknown, path: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services as never);
  // The loaders read only the request (for a session cookie) and the context.
  return { request: new Request(`http://localhost:3000${path}`), context, params: {} } as never;
}

/** The page as the server renders it, with the data its loader gave. */
function render(Page: FC<Record<string, unknown>>, loaderData: unknown): string {
  const props = { loaderData, actionData: undefined, params: {}, matches: [] };
  const Stub = createRoutesStub([{ path: '/', Component: () => <Page {...props} /> }]);
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <Stub />
    </MantineProvider>,
  );
}

/** The three pages that could text someone, each with the reason it shows when it cannot. */
async function pages(services: unknown) {
  return [
    {
      html: render(RegisterPage as never, await registerLoader(argsFor(services, '/register'))),
      reason: SMS_UNAVAILABLE_REASONS.signUp,
    },
    {
      html: render(LoginCodePage as never, await loginCodeLoader(argsFor(services, '/login/code'))),
      reason: SMS_UNAVAILABLE_REASONS.codeSignIn,
    },
    {
      html: render(
        ForgotPasswordPage as never,
        await forgotPasswordLoader(argsFor(services, '/forgot-password')),
      ),
      reason: SMS_UNAVAILABLE_REASONS.passwordReset,
    },
  ];
}

const escaped = (text: string) => text.replaceAll("'", '&#x27;');

describeWithApp(
  'phone numbers in production without a text-message provider',
  (ctx) => {
    it('are not offered on sign-up, code sign-in or password reset, and each page says why', async () => {
      const { services } = ctx();
      expect(services.email.smsAvailable).toBe(false);
      expect(await registerLoader(argsFor(services, '/register'))).toMatchObject({ phoneSignUp: false });
      for (const { html, reason } of await pages(services)) {
        expect(html).toContain(escaped(reason));
        expect(html).toContain('data-testid="phone-unavailable"');
        expect(html).not.toContain('Phone number');
        expect(html).not.toContain('name="phone"');
        expect(html).toContain('name="email"');
      }
    });

    it('are refused by the server: no sign-up, no code, no reset, for any number', async () => {
      const agent = new TestAgent(ctx().app);
      const message = SMS_UNAVAILABLE_REASONS.any;
      const signUp = await agent.post('/api/account/register', { phone: '415-555-0160', password: PASSWORD });
      expect(signUp.statusCode).toBe(403);
      expect(signUp.json()).toEqual({ error: 'sms_unavailable', message });
      expect(await ctx().services.db.selectFrom('user').select('id').execute()).toEqual([]);

      for (const path of [
        '/api/auth/phone-number/send-otp',
        '/api/auth/phone-number/request-password-reset',
      ]) {
        const refused = await agent.post(path, { phoneNumber: '+14155550160' });
        expect(refused.statusCode, path).toBe(403);
        expect(refused.json()).toEqual({ code: 'SMS_UNAVAILABLE', message });
      }
      expect(await countMessages(ctx().services, '+14155550160')).toBe(0);

      // Email sign-up is untouched.
      const byEmail = await agent.post('/api/account/register', {
        email: 'mail@example.com',
        password: PASSWORD,
      });
      expect(byEmail.statusCode).toBe(200);
    });
  },
  { config: { isProduction: true, twilio: null } },
);

describeWithApp('phone numbers on a laptop (the dev outbox)', (ctx) => {
  it('are offered on every page, with no reason shown', async () => {
    const { services } = ctx();
    expect(services.email.smsAvailable).toBe(true);
    expect(services.email.smsDeliversForReal).toBe(false);
    for (const { html, reason } of await pages(services)) {
      expect(html).not.toContain(escaped(reason));
      expect(html).not.toContain('data-testid="phone-unavailable"');
      expect(html).toContain('Phone number');
    }
  });
});
