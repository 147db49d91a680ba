import { describe, expect, it } from 'vitest';
import {
  withAccountFields,
  withAvatarUrl,
  withDateOfBirth,
  withOwnPublicFields,
  withPublicProfile,
  type CurrentAccount,
  type MyProfile,
  type PublicProfileData,
} from './profiles-cache';

const changed: PublicProfileData = {
  id: 'me',
  firstName: 'Ada',
  lastName: 'Byron',
  avatarUrl: '/files/avatars/me/new@192.webp',
  isAdmin: false,
  bio: 'Engines.',
  school: 'Home',
  emailVerified: true,
  verifiedSchool: 'Hillside High',
  createdAt: '2024-01-01T00:00:00.000Z',
};
const mine: MyProfile = {
  id: 'me',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: null,
  avatarUrl: null,
  isAdmin: false,
  dateOfBirth: '2004-03-01',
  school: null,
  emailVerified: false,
  verifiedSchool: null,
  stripeAccountId: 'acct_1',
  chargesEnabled: true,
  payoutsEnabled: true,
  email: 'ada@example.com',
};
const account: NonNullable<CurrentAccount> = {
  id: 'me',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatarUrl: null,
  isAdmin: false,
  twoFactorEnabled: true,
};

describe('a profile event on the public profile page', () => {
  it('shows the profile the event carries', () => {
    expect(withPublicProfile({ ...changed, lastName: 'Lovelace', avatarUrl: null }, changed)).toEqual(changed);
  });

  it('fills a page that had found no profile yet', () => {
    expect(withPublicProfile(null, changed)).toEqual(changed);
  });

  it('leaves another user’s page as it was', () => {
    const other = { ...changed, id: 'other', firstName: 'Grace' };
    expect(withPublicProfile(other, changed)).toBe(other);
  });
});

describe('a profile event on My Profile', () => {
  it('takes the new name, bio, school, avatar and verified marks and keeps the private fields the event never carries', () => {
    expect(withOwnPublicFields(mine, changed)).toEqual({
      ...mine,
      lastName: 'Byron',
      bio: 'Engines.',
      school: 'Home',
      avatarUrl: '/files/avatars/me/new@192.webp',
      emailVerified: true,
      verifiedSchool: 'Hillside High',
    });
  });

  it('ignores another user’s profile', () => {
    expect(withOwnPublicFields(mine, { ...changed, id: 'other' })).toBe(mine);
  });
});

describe('a profile event in the shell', () => {
  it('shows the new name and avatar and keeps the email and two-factor state', () => {
    expect(withAccountFields(account, changed)).toEqual({
      ...account,
      lastName: 'Byron',
      avatarUrl: '/files/avatars/me/new@192.webp',
    });
  });

  it('changes nothing when signed out or for another user', () => {
    expect(withAccountFields(null, changed)).toBeNull();
    const otherAccount = { ...account, id: 'other' };
    expect(withAccountFields(otherAccount, changed)).toBe(otherAccount);
  });
});

describe('this tab’s own answers', () => {
  it('an uploaded avatar shows at once in every view of the user, and a signed-out shell stays signed out', () => {
    const url = '/files/avatars/me/up@192.webp';
    expect(withAvatarUrl(mine, url).avatarUrl).toBe(url);
    expect(withAvatarUrl(account, url)).toEqual({ ...account, avatarUrl: url });
    expect(withAvatarUrl(null, url)).toBeNull();
  });

  it('a saved date of birth replaces the old one; the same one changes nothing', () => {
    expect(withDateOfBirth(mine, null).dateOfBirth).toBeNull();
    expect(withDateOfBirth(mine, '2004-03-01')).toBe(mine);
  });
});
