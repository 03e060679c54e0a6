import type { TestAgent } from './http-client.ts';

export type SignUpBody = {
  email?: string;
  phone?: string;
  password: string;
  first_name?: string;
  last_name?: string;
};

/**
 * Creates an account and signs the agent in, as a person would: registering signs nobody in
 * (ADR 105), so it is followed by a password sign-in. Throws if either step fails.
 */
export async function signUpAndSignIn(agent: TestAgent, body: SignUpBody): Promise<{ userId: string }> {
  const registered = await agent.post('/api/account/register', body);
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const credentials = body.email ? { email: body.email } : { phone: body.phone };
  const signedIn = await agent.post('/api/account/sign-in', { ...credentials, password: body.password });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in after register failed: ${signedIn.body}`);
  return { userId: signedIn.json().userId as string };
}
