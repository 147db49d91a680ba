import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './config';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

describe('config', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', TRUST_PROXY: false });
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it('takes ADMIN_EMAIL (lower-cased) with an ADMIN_PASSWORD that meets the sign-up rules', () => {
    const env = parseEnv({ ADMIN_EMAIL: ' Ada@Example.com ', ADMIN_PASSWORD: 'Sturdy-pass-1' });
    expect(env).toMatchObject({ ADMIN_EMAIL: 'ada@example.com', ADMIN_PASSWORD: 'Sturdy-pass-1' });
  });

  it.each([
    [{ ADMIN_EMAIL: 'ada@example.com' }, 'ADMIN_PASSWORD', /set both or neither/],
    [{ ADMIN_PASSWORD: 'Sturdy-pass-1' }, 'ADMIN_EMAIL', /set both or neither/],
    [{ ADMIN_EMAIL: 'ada@example.com', ADMIN_PASSWORD: 'password' }, 'ADMIN_PASSWORD', /uppercase/],
    [{ ADMIN_EMAIL: 'ada@example.com', ADMIN_PASSWORD: 'Ab1!' }, 'ADMIN_PASSWORD', /at least 8/],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'Sturdy-pass-1' }, 'ADMIN_EMAIL', /valid email/],
  ])('refuses the admin settings %j naming %s', (env, name, message) => {
    expect(() => parseEnv(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
    expect(() => parseEnv(env)).toThrow(message);
  });

  it.each([
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1', ['10.0.0.0/8', '192.168.1.1', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('TRUST_PROXY=%j trusts %j', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '-1'])('refuses TRUST_PROXY=%j', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['PUBLIC_URL', 'ftp://x'],
    ['STRIPE_SECRET_KEY', 'pk_test_123'],
    ['SESSION_SECRET', 'short'],
  ])('a bad %s stops the start with one line naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: '', DATABASE_URL: '' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it.each(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)(
    'a production start without %s while the other Stripe variables are set stops, naming it',
    (missing) => {
      const env = { ...STRIPE, [missing]: undefined };
      expect(() => parseEnv({ ...env, NODE_ENV: 'production' })).toThrow(
        new RegExp(`^Invalid environment variable ${missing}: must be set in production`),
      );
      // An https address is a production site whatever NODE_ENV says.
      expect(() => parseEnv({ ...env, NODE_ENV: 'development', PUBLIC_URL: 'https://skills.example' })).toThrow(
        new RegExp(`^Invalid environment variable ${missing}: `),
      );
      // Development and tests may set some keys.
      expect(() => parseEnv({ ...env, NODE_ENV: 'development' })).not.toThrow();
    },
  );

  it('a production start with all three Stripe variables, or none, starts', () => {
    expect(parseEnv({ ...STRIPE, NODE_ENV: 'production' }).STRIPE_SECRET_KEY).toBe('sk_live_abc');
    expect(parseEnv({ NODE_ENV: 'production' }).STRIPE_SECRET_KEY).toBeUndefined();
  });
});

describe('email and push', () => {
  it('defaults to the mail folder, a 10-minute batch window and generated push keys', () => {
    const env = parseEnv({ MAIL_BATCH_MINUTES: '' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(env.MAIL_BATCH_MINUTES).toBe(10);
    expect(env.MAIL_FROM).toBe('SkillNest <no-reply@skillnest.local>');
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_BATCH_MINUTES: '3' })).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_BATCH_MINUTES: 3,
    });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL', /smtp:\/\/ or smtps:\/\//],
    [{ MAIL_BATCH_MINUTES: '0' }, 'MAIL_BATCH_MINUTES', /from 1 to 1440/],
    [{ MAIL_BATCH_MINUTES: 'soon' }, 'MAIL_BATCH_MINUTES', /from 1 to 1440/],
    [{ VAPID_PUBLIC_KEY: 'abc' }, 'VAPID_PRIVATE_KEY', /set both or neither/],
    [{ VAPID_SUBJECT: 'admin@example.com' }, 'VAPID_SUBJECT', /mailto:/],
  ])('refuses %j naming %s', (env, name, message) => {
    expect(() => parseEnv(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
    expect(() => parseEnv(env)).toThrow(message);
  });
});
