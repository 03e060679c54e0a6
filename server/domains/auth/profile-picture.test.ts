import sharp from 'sharp';
import { expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { listFiles, makeImage, multipartBody, uploadFile } from '../storage/upload-test-helpers.ts';
import { findProfile, updateProfile } from './repository.ts';

const PICTURE = '/api/profile/picture';

describeWithApp('profile picture', (ctx) => {
  async function signUp(email: string) {
    const agent = new TestAgent(ctx().app);
    const { userId } = await signUpAndSignIn(agent, {
      email,
      password: 'a fine password',
      first_name: 'Pat',
    });
    return { agent, id: userId };
  }
  const uploads = () => ctx().services.config.uploadsDir;
  const storedRows = () => ctx().services.db.selectFrom('stored_images').selectAll().execute();

  it('stores a square WebP at 1x and 2x, serves it and points the profile at it', async () => {
    const { agent, id } = await signUp('pat@example.com');
    const before = await listFiles(uploads());
    const response = await uploadFile(
      ctx().app,
      agent,
      PICTURE,
      await makeImage('jpeg', { width: 900, height: 600 }),
      {
        filename: 'holiday.jpg',
        contentType: 'image/jpeg',
      },
    );
    expect(response.statusCode).toBe(200);
    const { profile_picture_url: url, srcset } = response.json();
    expect(url).toMatch(/^\/uploads\/images\/avatar\/[0-9a-f-]{36}@1x\.webp$/);
    expect(srcset).toBe(`${url} 1x, ${url.replace('@1x', '@2x')} 2x`);
    expect((await findProfile(ctx().services.db, id))?.profile_picture_url).toBe(url);
    expect((await agent.get('/api/profile')).json().profile_picture_url).toBe(url);

    const rows = await storedRows();
    expect(rows.map((row) => [row.owner_id, row.purpose, row.width, row.height])).toEqual(
      expect.arrayContaining([
        [id, 'avatar', 256, 256],
        [id, 'avatar', 512, 512],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect((await listFiles(uploads())).length).toBe(before.length + 2);

    const served = await ctx().app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(served.rawPayload.length).toBe(rows.find((row) => row.width === 256)?.bytes);
  });

  it('replacing or removing the picture deletes the old files and rows', async () => {
    const { agent, id } = await signUp('pat@example.com');
    const first = (await uploadFile(ctx().app, agent, PICTURE, await makeImage('png'))).json()
      .profile_picture_url;
    const second = (await uploadFile(ctx().app, agent, PICTURE, await makeImage('webp'))).json()
      .profile_picture_url;
    expect(second).not.toBe(first);
    expect((await ctx().app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx().app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await storedRows()).map((row) => row.storage_key).sort()).toEqual(
      [second, second.replace('@1x', '@2x')].map((u: string) => u.replace('/uploads/', '')).sort(),
    );

    const removed = await agent.request('DELETE', PICTURE);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().profile_picture_url).toBeNull();
    expect((await findProfile(ctx().services.db, id))?.profile_picture_url).toBeNull();
    expect(await storedRows()).toHaveLength(0);
    expect((await ctx().app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('refuses a wrong type with 415 and an oversize file with 413, storing nothing', async () => {
    const { agent, id } = await signUp('pat@example.com');
    const before = await listFiles(uploads());
    const gif = await uploadFile(ctx().app, agent, PICTURE, await makeImage('gif'), {
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Please choose a JPEG, PNG or WebP image.',
    });
    const script = await uploadFile(ctx().app, agent, PICTURE, Buffer.from('<script>alert(1)</script>'), {
      filename: 'avatar.jpg',
      contentType: 'image/jpeg',
    });
    expect(script.statusCode).toBe(415);
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const oversize = await uploadFile(ctx().app, agent, PICTURE, big);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toEqual({
      error: 'payload_too_large',
      message: 'Please choose an image under 5 MB.',
    });
    const huge = await uploadFile(
      ctx().app,
      agent,
      PICTURE,
      Buffer.concat([big, Buffer.alloc(2 * 1024 * 1024)]),
    );
    expect(huge.statusCode).toBe(413);

    expect(await listFiles(uploads())).toEqual(before);
    expect(await storedRows()).toHaveLength(0);
    expect((await findProfile(ctx().services.db, id))?.profile_picture_url).toBeNull();
  });

  it('asks for multipart with one field named "file"', async () => {
    const { agent } = await signUp('pat@example.com');
    const json = await agent.post(PICTURE, { file: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart\/form-data/);
    const wrongField = await uploadFile(ctx().app, agent, PICTURE, await makeImage('png'), {
      field: 'avatar',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields[0].field).toBe('file');

    const png = await makeImage('png');
    const { body, contentType } = multipartBody(png);
    const send = (payload: Buffer, type: string) =>
      ctx().app.inject({
        method: 'POST',
        url: PICTURE,
        headers: { 'content-type': type, cookie: agent.cookieHeader(), origin: 'http://localhost:3000' },
        payload,
      });
    const boundary = contentType.split('boundary=')[1];
    const part = body.subarray(0, body.length - `--${boundary}--\r\n`.length);
    const twoFiles = Buffer.concat([part, part, Buffer.from(`--${boundary}--\r\n`)]);
    for (const [payload, type] of [
      [twoFiles, contentType],
      [body, 'multipart/form-data'],
      [body.subarray(0, body.length - 40), contentType],
      [Buffer.from('--nothing-here\r\n'), contentType],
      [Buffer.concat([body.subarray(0, body.length - 4), Buffer.from('\r\n'), body]), contentType],
    ] as const) {
      const response = await send(payload, type);
      expect(response.statusCode, `${type} ${payload.length}: ${response.body}`).toBe(400);
      expect(response.json().fields[0].field).toBe('file');
    }
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 401 to anonymous uploads and 403 to disabled or under-review accounts', async () => {
    const anonymous = await uploadFile(ctx().app, null, PICTURE, await makeImage('png'));
    expect(anonymous.statusCode).toBe(401);
    const { agent, id } = await signUp('pat@example.com');
    await updateProfile(ctx().services.db, id, { is_deleted: true });
    const disabled = await uploadFile(ctx().app, agent, PICTURE, await makeImage('png'));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');
    expect((await agent.request('DELETE', PICTURE)).statusCode).toBe(403);
    await updateProfile(ctx().services.db, id, { is_deleted: false, is_active: false });
    expect((await uploadFile(ctx().app, agent, PICTURE, await makeImage('png'))).statusCode).toBe(403);
    expect(await storedRows()).toHaveLength(0);
  });

  it("never touches another user's picture; an admin changes only their own", async () => {
    const pat = await signUp('pat@example.com');
    const sam = await signUp('sam@example.com');
    const patUrl = (await uploadFile(ctx().app, pat.agent, PICTURE, await makeImage('png'))).json()
      .profile_picture_url;
    expect((await sam.agent.request('DELETE', PICTURE)).statusCode).toBe(200);
    await updateProfile(ctx().services.db, sam.id, { is_admin: true });
    const samUrl = (await uploadFile(ctx().app, sam.agent, PICTURE, await makeImage('jpeg'))).json()
      .profile_picture_url;
    expect((await sam.agent.request('DELETE', PICTURE)).statusCode).toBe(200);
    expect((await findProfile(ctx().services.db, pat.id))?.profile_picture_url).toBe(patUrl);
    expect((await ctx().app.inject({ method: 'GET', url: patUrl })).statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: samUrl })).statusCode).toBe(404);
    // The storage service refuses to delete an image for anyone but its owner.
    const deleted = await ctx().services.storage.deleteImage({ ownerId: sam.id, url: patUrl });
    expect(deleted).toBe(false);
    expect((await ctx().app.inject({ method: 'GET', url: patUrl })).statusCode).toBe(200);
  });
});
