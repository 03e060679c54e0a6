import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { listFiles, makeImage } from './upload-test-helpers.ts';

describeWithApp('prepared images (one pipeline run, many stored copies)', (ctx) => {
  async function member(email: string): Promise<string> {
    const agent = new TestAgent(ctx().app);
    return (await signUpAndSignIn(agent, { email, password: 'a fine password' })).userId;
  }

  const exists = async (key: string) => (await ctx().services.storage.objects.get(key)) !== null;

  it('stores each copy under its own keys, files and rows, for its own owner', async () => {
    const { storage, db } = ctx().services;
    const [ana, ben] = [await member('ana@example.com'), await member('ben@example.com')];
    const image = await storage.prepareImage(await makeImage('png'), 'bathroom');
    expect(image.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [800, 600],
      [1600, 1200],
    ]);
    const stored = await storage.storePreparedImages([
      { ownerId: ana, image },
      { ownerId: ana, image },
      { ownerId: ben, image },
    ]);
    const keys = stored.flatMap((copy) => copy.keys);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
    for (const key of keys) expect(await exists(key), key).toBe(true);
    const rows = await db.selectFrom('stored_images').select(['owner_id', 'storage_key']).execute();
    expect(rows.filter((row) => row.owner_id === ana)).toHaveLength(4);
    expect(rows.filter((row) => row.owner_id === ben)).toHaveLength(2);
    expect(stored[0]?.srcset).toBe(
      `${stored[0]?.url} 1x, ${storage.objects.url(stored[0]?.keys[1] ?? '')} 2x`,
    );
  });

  it('deleting one copy leaves the others whole', async () => {
    const { storage } = ctx().services;
    const ana = await member('ana@example.com');
    const image = await storage.prepareImage(await makeImage('jpeg'), 'bathroom');
    const [first, second] = await storage.storePreparedImages([
      { ownerId: ana, image },
      { ownerId: ana, image },
    ]);
    if (!first || !second) throw new Error('two copies expected');
    expect(await storage.deleteImage({ ownerId: ana, url: first.url })).toBe(true);
    for (const key of first.keys) expect(await exists(key)).toBe(false);
    for (const key of second.keys) expect(await exists(key)).toBe(true);
  });

  it('refuses what the pipeline refuses, before anything is written', async () => {
    const { storage } = ctx().services;
    await expect(storage.prepareImage(Buffer.from('not an image at all'), 'bathroom')).rejects.toMatchObject({
      status: 415,
    });
  });

  it('records nothing and leaves no file behind when the rows cannot be written', async () => {
    const { storage, db } = ctx().services;
    const image = await storage.prepareImage(await makeImage('png'), 'bathroom');
    const before = await listFiles(ctx().services.config.uploadsDir);
    // No such user: the owner's foreign key refuses the rows after the files were written.
    await expect(storage.storePreparedImages([{ ownerId: 'nobody', image }])).rejects.toThrow();
    expect(await db.selectFrom('stored_images').select('id').execute()).toEqual([]);
    expect(await listFiles(ctx().services.config.uploadsDir)).toEqual(before);
  });
});
