import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type OidcTestProvider, startOidcTestProvider } from '../../server/test/oidc-test-provider.ts';

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let oidc: OidcTestProvider | undefined;

async function waitForHealthy(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Privy did not become healthy at ${url} within ${timeoutMs} ms`);
}

/** Starts the built server once on its own port and data folder, seeded with the demo accounts. */
export default async function setup(project: TestProject) {
  const port = 3100 + Math.floor(Math.random() * 800);
  const baseUrl = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'privy-e2e-'));
  const serverLog: string[] = [];
  // A real OpenID Connect provider beside the app, for "Continue with Acme SSO" (ADR 143).
  oidc = await startOidcTestProvider(baseUrl);
  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      // As `npm start`: libraries in production builds, Privy in its demo mode (dev mailbox) (ADR 023).
      NODE_ENV: 'production',
      APP_ENV: 'development',
      // E2E_LOG_LEVEL=info with E2E_SERVER_LOG=<file> keeps every request of a run to read afterwards.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      E2E: '1',
      // No network in tests: tiles come from this site, so no failed image load reaches the console.
      MAP_TILE_URL: '/map-tiles/blank.png',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'Acme SSO',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => serverLog.push(String(chunk)));
  server.stderr?.on('data', (chunk) => serverLog.push(String(chunk)));
  try {
    // Seconds with the seeded snapshot `npm run build` made (ADR 079); if the sources changed since,
    // the server seeds the demo catalogue itself, which takes far longer on a busy machine.
    await waitForHealthy(baseUrl, 180_000);
  } catch (error) {
    console.error(serverLog.join(''));
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    if (process.env.E2E_SERVER_LOG) writeFileSync(process.env.E2E_SERVER_LOG, serverLog.join(''));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await oidc?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
