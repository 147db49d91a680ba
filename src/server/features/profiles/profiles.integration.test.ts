import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilesChannels } from './profiles.channels';
import { callTrpc, createTestApp, nextEvent, signUp, upload, userIdOf, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const png = (size = 300) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const profileInput = {
  firstName: 'Grace',
  lastName: 'Hopper',
  bio: 'I debug things.',
  school: 'Yale',
  dateOfBirth: '2003-12-09',
};

describe('profiles', () => {
  it('a user updates their own profile and sees it, and their live channel hears of it', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const heard = nextEvent(app, profilesChannels.profile(userId));
    const result = await callTrpc(app, 'profiles.update', { input: profileInput, cookie });
    expect(result.status).toBe(200);
    expect(await heard).toMatchObject({ type: 'profile-updated', profile: { firstName: 'Grace', school: 'Yale' } });
    const mine = await callTrpc(app, 'profiles.mine', { cookie });
    expect(mine.data).toMatchObject(profileInput);
  });

  it('empty bio and school are stored as empty, and bad values are refused with their message', async () => {
    const { cookie } = await signUp(app);
    await callTrpc(app, 'profiles.update', {
      input: { ...profileInput, bio: '  ', school: '' },
      cookie,
    });
    expect((await callTrpc(app, 'profiles.mine', { cookie })).data).toMatchObject({ bio: null, school: null });
    const bad = await callTrpc(app, 'profiles.update', {
      input: { ...profileInput, firstName: 'G' },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('First name must be at least 2 characters.');
    expect((await callTrpc(app, 'profiles.mine', { cookie })).data).toMatchObject({ firstName: 'Grace' });
  });

  it('a user cannot update another user’s profile, whatever they send', async () => {
    const victim = await signUp(app, { firstName: 'Victim' });
    const victimId = await userIdOf(app, victim.cookie);
    const attacker = await signUp(app);
    // Fields the procedure does not take, sent anyway as a crafted request would.
    const crafted = { ...profileInput, firstName: 'Hacked', id: victimId, userId: victimId };
    const result = await callTrpc(app, 'profiles.update', { input: crafted, cookie: attacker.cookie });
    expect(result.status).toBe(200);
    const victimProfile = await callTrpc(app, 'profiles.public', { input: { userId: victimId } });
    expect(victimProfile.data).toMatchObject({ firstName: 'Victim' });
  });

  it('a visitor cannot update or read a private profile', async () => {
    expect((await callTrpc(app, 'profiles.update', { input: profileInput })).status).toBe(401);
    expect((await callTrpc(app, 'profiles.mine')).status).toBe(401);
  });

  it('the public profile never exposes email, date of birth, payout fields or a school address', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const publicProfile = await callTrpc(app, 'profiles.public', { input: { userId } });
    expect(Object.keys(publicProfile.data as object).sort()).toEqual(
      [
        'avatarUrl',
        'bio',
        'createdAt',
        'emailVerified',
        'firstName',
        'id',
        'isAdmin',
        'lastName',
        'school',
        'verifiedSchool',
      ].sort(),
    );
    expect((await callTrpc(app, 'profiles.public', { input: { userId: 'nobody' } })).data).toBeNull();
  });
});

describe('avatar upload', () => {
  it('stores resized variants, points the profile at them and removes the previous files', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const first = await upload(app, 'avatar', await png(), { cookie });
    expect(first.status).toBe(200);
    expect(first.json.avatarUrl).toMatch(new RegExp(`^/files/avatars/${userId}/.+@192\\.webp$`));
    const dir = path.join(app.uploadsDir, 'avatars', userId);
    expect(readdirSync(dir)).toHaveLength(4);

    const served = await app.server.inject({ method: 'GET', url: first.json.avatarUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(192);

    const second = await upload(app, 'avatar', await png(), { cookie, filename: 'new.png' });
    expect(second.status).toBe(200);
    expect(readdirSync(dir)).toHaveLength(4);
    expect(existsSync(path.join(app.uploadsDir, first.json.avatarUrl!.slice('/files/'.length)))).toBe(false);
    expect((await callTrpc(app, 'profiles.mine', { cookie })).data).toMatchObject({ avatarUrl: second.json.avatarUrl });
  });

  it('refuses a file whose real content is not an image, whatever its name and type say', async () => {
    const { cookie } = await signUp(app);
    const fake = Buffer.from('<script>alert(1)</script>'.repeat(10));
    const result = await upload(app, 'avatar', fake, { cookie, filename: 'cat.png', type: 'image/png' });
    expect(result.status).toBe(400);
    expect(result.json.error).toBe('Please select a valid image file (JPG, PNG, GIF, or WEBP)');
    expect((await callTrpc(app, 'profiles.mine', { cookie })).data).toMatchObject({ avatarUrl: null });
  });

  it('refuses an image over 10 MB with the spec’s message', async () => {
    const { cookie } = await signUp(app);
    const big = Buffer.concat([await png(16), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const result = await upload(app, 'avatar', big, { cookie });
    expect(result.status).toBe(400);
    expect(result.json.error).toBe('Image size should be less than 10MB');
  });

  it('refuses a visitor', async () => {
    const result = await upload(app, 'avatar', await png());
    expect(result.status).toBe(401);
    expect(result.json.error).toBe('User not authenticated');
  });
});
