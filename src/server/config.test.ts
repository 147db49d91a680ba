import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './config';

describe('config', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', ADMIN_EMAILS: [] });
  });

  it('splits and lower-cases ADMIN_EMAILS', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ada@Example.com, bo@example.com ,' }).ADMIN_EMAILS).toEqual([
      'ada@example.com',
      'bo@example.com',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAILS', 'not-an-email'],
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
});
