import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';

describeWithApp('serving uploads', (ctx) => {
  const key = 'images/avatar/0b7d7f3e-9f5e-4a0e-8f6e-0a1b2c3d4e5f@1x.webp';

  it('serves a stored file with its type and a year-long immutable cache', async () => {
    await ctx().services.storage.objects.put(key, Buffer.from('RIFF-webp-bytes'), {
      contentType: 'image/webp',
    });
    const response = await ctx().app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe('RIFF-webp-bytes');
    // Spec §5: duplicate slashes in a storage path are removed.
    const doubled = await ctx().app.inject({ method: 'GET', url: `/uploads//${key.replaceAll('/', '//')}` });
    expect(doubled.statusCode).toBe(200);
  });

  it.each([
    '/uploads/images/avatar/missing@1x.webp',
    '/uploads/../../../etc/passwd',
    '/uploads/%2e%2e/%2e%2e/etc/passwd',
    '/uploads/..%2f..%2fserver%2fmain.ts',
    '/uploads/images/..%5c..%5cauth-secret',
    '/uploads/.env',
    '/uploads/',
  ])('answers 404 to %s', async (url) => {
    const response = await ctx().app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/SECRET|import /);
  });

  it('never serves a file outside the uploads folder, even one that exists', async () => {
    // DATA_DIR holds the auth secret beside uploads/; no path may reach it.
    writeFileSync(path.join(ctx().services.config.dataDir, 'auth-secret'), 'SECRET-VALUE\n');
    for (const url of [
      '/uploads/../auth-secret',
      '/uploads/%2E%2E/auth-secret',
      '/uploads/..%2Fauth-secret',
    ]) {
      const response = await ctx().app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('SECRET-VALUE');
    }
  });
});
