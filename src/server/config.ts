import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { signUpSchema } from '../domain/auth';

/** Empty strings in the environment mean "not set", as they do in most .env files. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const PORT_MESSAGE = 'must be a port number from 0 to 65535';

const TRUST_PROXY_MESSAGE =
  'must be false, a hop count (1, 2...) or a comma list of proxy addresses (10.0.0.1, 10.0.0.0/8, loopback)';
/** proxy-addr's names for address ranges, which Fastify accepts beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/**
 * Whether X-Forwarded-For counts, and how far: off (the connection's address is the client's), the number of proxies
 * in front, or the proxies' own addresses. Never "true": that would let any client name its own address.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const v = value.trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (list.length === 0 || !list.every(isProxyAddress)) {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
      return z.NEVER;
    }
    return list;
  });

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

const envObjectSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int({ error: PORT_MESSAGE })
    .min(0, { error: PORT_MESSAGE })
    .max(65535, { error: PORT_MESSAGE })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  // The first admin, created or taken over at start (never by signing up): the sign-up rules hold for both.
  ADMIN_EMAIL: optional(signUpSchema.shape.email.transform((e) => e.toLowerCase())),
  ADMIN_PASSWORD: optional(signUpSchema.shape.password),
  // Granted admin to whoever signed up first with a listed address; an old .env must not pass silently.
  ADMIN_EMAILS: optional(
    z.never({ error: 'was removed: set ADMIN_EMAIL and ADMIN_PASSWORD instead (signing up never grants admin)' }),
  ),
  TRUST_PROXY: trustProxySchema,
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_/, 'must start with sk_test_ or sk_live_')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_/, 'must start with pk_test_ or pk_live_')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must start with whsec_')),
  GIPHY_API_KEY: optional(z.string().min(1)),
  // Where Giphy's API is: its own address, unless a test (or an operator's proxy) stands in for it.
  GIPHY_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/ }).default('https://api.giphy.com'),
  ),
  MAPBOX_TOKEN: optional(z.string().min(1)),
  // Email: an SMTP server (credentials in the URL); without one every message is written under DATA_DIR/mail.
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' })),
  MAIL_FROM: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(3).max(320).default('SkillNest <no-reply@skillnest.local>'),
  ),
  // How long missed activity gathers before one email lists it.
  MAIL_BATCH_MINUTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'must be a number of minutes from 1 to 1440' })
      .int({ error: 'must be a number of minutes from 1 to 1440' })
      .min(1, { error: 'must be a number of minutes from 1 to 1440' })
      .max(1440, { error: 'must be a number of minutes from 1 to 1440' })
      .default(10),
  ),
  // Web push: generated once into DATA_DIR unless given (all three, or none).
  VAPID_PUBLIC_KEY: optional(z.string().min(1)),
  VAPID_PRIVATE_KEY: optional(z.string().min(1)),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')),
  SENTRY_DSN: optional(z.url()),
});

const envSchema = envObjectSchema.superRefine((env, ctx) => {
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    const missing = env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
    const other = missing === 'ADMIN_EMAIL' ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    ctx.addIssue({ code: 'custom', path: [missing], message: `must be set when ${other} is (set both or neither)` });
  }
  const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const;
  const vapidSet = vapid.filter((name) => env[name] !== undefined);
  if (vapidSet.length === 1) {
    const missing = vapid.find((name) => env[name] === undefined)!;
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `must be set when ${vapidSet[0]} is (set both or neither)`,
    });
  }
  // A production server with some Stripe keys would silently take test payments: refuse to start instead.
  const production = env.NODE_ENV === 'production' || env.PUBLIC_URL?.startsWith('https://') === true;
  const set = STRIPE_VARIABLES.filter((name) => env[name] !== undefined);
  if (production && set.length > 0 && set.length < STRIPE_VARIABLES.length) {
    const missing = STRIPE_VARIABLES.find((name) => env[name] === undefined)!;
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `must be set in production when ${set.join(' and ')} is (set all three Stripe variables, or none for test payments)`,
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET' | 'PUBLIC_URL'> {
  DATA_DIR: string;
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  secureCookies: boolean;
  /** Origins whose pages may call the API with the session cookie. */
  trustedOrigins: string[];
}

export class ConfigError extends Error {}

/** Parses the environment once; the first bad variable is named in one line. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  return result.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '');
  return {
    ...parsed,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: parsed.SESSION_SECRET ?? keptSecret(dataDir),
    secureCookies: publicUrl.startsWith('https://'),
    // Without PUBLIC_URL the app is reached on this machine by any of its loopback names.
    trustedOrigins: parsed.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${parsed.PORT}`),
  };
}

/** The admin to bootstrap at start, when ADMIN_EMAIL and ADMIN_PASSWORD are set (the schema allows both or neither). */
export function configuredAdmin(config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>) {
  return config.ADMIN_EMAIL && config.ADMIN_PASSWORD
    ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
    : null;
}

/** A secret generated once and kept in DATA_DIR, so sessions survive restarts without configuration. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
