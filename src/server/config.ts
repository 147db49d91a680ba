import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Empty strings in the environment mean "not set", as they do in most .env files. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const PORT_MESSAGE = 'must be a port number from 0 to 65535';

const envSchema = z.object({
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
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_/, 'must start with sk_test_ or sk_live_')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_/, 'must start with pk_test_ or pk_live_')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must start with whsec_')),
  GIPHY_API_KEY: optional(z.string().min(1)),
  MAPBOX_TOKEN: optional(z.string().min(1)),
  SENTRY_DSN: optional(z.url()),
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

/** A secret generated once and kept in DATA_DIR, so sessions survive restarts without configuration. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
