import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

/**
 * /admin/users/:id (ADR 134): an admin opens an account from the list, reads its phone in the
 * spec's formats, and uses the auth admin functions; each lands in the page's audit history.
 */
describe('admin user detail', () => {
  const { newTab } = useBrowser();

  it('grants host, signs out everywhere, makes a recovery link, deletes, and sees each in the audit history', async () => {
    const suffix = `${Date.now()}`.slice(-7);
    const lastName = `Phone${suffix}`;
    const phone = `512${suffix}`;
    const password = 'a long fresh password';

    // The member registers by phone and signs in (requests only: no page of theirs stays open).
    const member = await newTab();
    const registered = await member.page.request.post('/api/account/register', {
      data: { phone, password, first_name: 'Phoebe', last_name: lastName },
      headers: { origin: baseUrl() },
    });
    expect(registered.status()).toBe(200);
    const signedIn = await member.page.request.post('/api/account/sign-in', {
      data: { phone, password },
      headers: { origin: baseUrl() },
    });
    expect(signedIn.status()).toBe(200);

    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await admin.page.goto(`/admin/users?q=${lastName}`);
    await waitForHydration(admin.page, '#main');
    await admin.page.getByRole('link', { name: `Phoebe ${lastName}` }).click();
    await admin.page.waitForURL(/\/admin\/users\/[^/?]+$/);
    await waitForHydration(admin.page, '[data-testid="user-actions"] button');

    const phoneBox = admin.page.getByTestId('user-phone');
    const area = `(512) ${suffix.slice(0, 3)}-${suffix.slice(3)}`;
    await expect.poll(() => phoneBox.textContent()).toContain(area);
    expect(await phoneBox.textContent()).toContain(`+1 512 ${suffix.slice(0, 3)} ${suffix.slice(3)}`);
    expect(await phoneBox.textContent()).toContain(`+1512${suffix}`);

    const audit = admin.page.getByTestId('user-audit');
    await admin.page.getByTestId('toggle-provider').click();
    await expect
      .poll(() => audit.textContent(), { timeout: 30_000 })
      .toContain(`Made Phoebe ${lastName} a host`);
    await expect.poll(() => admin.page.getByTestId('toggle-provider').textContent()).toBe('Remove host role');

    await admin.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await admin.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => audit.textContent(), { timeout: 30_000 }).toContain('out everywhere (1 session)');
    expect((await apiCall(member.page, 'GET', '/api/account/me')).status).toBe(401);

    const detailPath = new URL(admin.page.url()).pathname;
    await shootAll(admin.page, detailPath, 'admin-user-active', { fullPage: true });
    await waitForHydration(admin.page, '[data-testid="generate-link"]');
    await admin.page.getByTestId('generate-link').click();
    const link = admin.page.getByTestId('generated-link');
    await expect.poll(() => link.textContent(), { timeout: 30_000 }).toContain('/api/auth/reset-password/');
    await expect.poll(() => audit.textContent()).toContain('Generated a password reset link');

    await admin.page.getByRole('button', { name: 'Delete account' }).click();
    await admin.page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => audit.textContent(), { timeout: 30_000 }).toContain(`Deleted Phoebe ${lastName}`);
    await expect.poll(() => phoneBox.textContent()).toContain('None');
    expect(await admin.page.getByTestId('user-profile').textContent()).toContain('Deleted');

    await shootAll(admin.page, detailPath, 'admin-user-deleted', { fullPage: true });
    await shootAll(admin.page, `/admin/users?q=${lastName}`, 'admin-users-list', { fullPage: true });
  });

  it('a generated one-time sign-in link signs the person in only when they press the button', async () => {
    const member = await newTab();
    const { id, email } = await registerFresh(member.page, 'link-sign-in');
    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    const link = await apiCall(admin.page, 'POST', `/api/admin/users/${id}/links`, { type: 'sign_in' });
    expect(link.status).toBe(200);

    const visitor = await newTab();
    const url = new URL(String(link.body.url));
    await visitor.page.goto(url.pathname + url.search);
    await waitForHydration(visitor.page, 'form button[type="submit"]');
    // Opening the link signed nobody in.
    expect((await apiCall(visitor.page, 'GET', '/api/account/me')).status).toBe(401);
    expect(await visitor.page.getByRole('heading', { name: 'Sign in with a link' }).isVisible()).toBe(true);
    expect(await visitor.page.locator('main').textContent()).toContain(email);
    await visitor.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.page.waitForURL((next) => next.pathname !== '/login/link');
    const me = await apiCall(visitor.page, 'GET', '/api/account/me');
    expect(me.body.userId).toBe(id);
  });
});
