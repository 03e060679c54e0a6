import { expect } from 'vitest';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import type { TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { updateProfile } from '../auth/repository.ts';
import { makeImage, uploadFile } from '../storage/upload-test-helpers.ts';

/** Helpers shared by the listing integration tests. */

export const AUSTIN: ProfileLocation = {
  lat: 30.2672,
  lon: -97.7431,
  formatted: '501 Congress Ave, Austin, TX 78701, United States',
  address_line1: '501 Congress Ave',
  name: 'Austin',
  state: 'Texas',
  state_code: 'TX',
  country: 'United States',
  country_code: 'us',
  postcode: '78701',
};

export const NEW_YORK: ProfileLocation = {
  lat: 40.7128,
  lon: -74.006,
  formatted: '1 Centre St, New York, NY 10007, United States',
  name: 'New York',
  state_code: 'NY',
  country_code: 'US',
};

export type Member = { agent: TestAgent; id: string };

export async function signUp(
  ctx: () => TestContext,
  email: string,
  /** payouts: the provider has a linked payout account, which publishing needs (ADR 095). */
  roles: { provider?: boolean; admin?: boolean; payouts?: boolean } = {},
): Promise<Member> {
  const agent = new TestAgent(ctx().app);
  const { userId: id } = await signUpAndSignIn(agent, {
    email,
    password: 'a fine password',
    first_name: 'Pat',
  });
  if (roles.provider || roles.admin) {
    await updateProfile(ctx().services.db, id, {
      ...(roles.provider ? { is_provider: true } : {}),
      ...(roles.admin ? { is_admin: true } : {}),
      ...(roles.payouts ? { stripe_connect_id: `acct_test_${id}`, is_stripe_connected: true } : {}),
    });
  }
  return { agent, id };
}

export async function createDraft(member: Member, overrides: Record<string, unknown> = {}) {
  const response = await member.agent.post('/api/properties', {
    title: 'Bright bathroom near Congress Ave',
    location: AUSTIN,
    hourly_price_cents: 1200,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; [key: string]: unknown };
}

export async function addPhoto(ctx: () => TestContext, member: Member, id: string) {
  return uploadFile(ctx().app, member.agent, `/api/properties/${id}/photos`, await makeImage('png'));
}

export async function bathroomRow(ctx: () => TestContext, id: string) {
  return ctx().services.db.selectFrom('bathrooms').selectAll().where('id', '=', id).executeTakeFirst();
}
