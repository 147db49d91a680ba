/**
 * The fuzzing of the fuzz-*.test.ts files, which share the procedures out by router (ROUTER_GROUPS) so that the test
 * workers run them side by side. Every procedure is fuzzed through HTTP (and subscriptions through the WebSocket)
 * with 200 inputs each, derived from its own zod schema (z.toJSONSchema -> fast-check arbitraries) and then broken: wrong types, missing and extra
 * fields, huge strings and numbers, NaN-like strings, deep nesting, prototype-pollution keys. Whatever arrives, the
 * answer is a success or a 4xx with a clear message - never a 500, never "An unexpected error occurred." - and a
 * rejected input changes no row. Procedures that legitimately take long are listed (with the reason) in README.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testUser } from '../../src/server/testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../src/server/testing/test-app';
import {
  buildWorld,
  businessTables,
  callProcedure,
  expectSameRows,
  fingerprint,
  isClientError,
  makeAdmin,
  openSocket,
  procedureInventory,
  snapshot,
  type ProcedureInfo,
  type Snapshot,
  type TestUser,
  type World,
} from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SIGNED_OUT_RUNS = 20;
/** Subscriptions fuzzed at once on one socket. */
const SOCKET_BATCH = 25;
/** How long a started subscription is watched for an error its checks raise after "started". */
const LATE_ERROR_MS = 150;
// A fixed seed in CI keeps main's runs reproducible; elsewhere every run explores new inputs (the seed is printed
// with any failure, and FUZZ_SEED replays it).
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 20261123 : Math.floor(Math.random() * 2 ** 31)));
const OPAQUE = 'An unexpected error occurred.';

/** The procedures README.md names under "Fuzzing: procedures skipped". */
export const SKIPPED = new Set(
  [
    ...(readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8')
      .split('## Fuzzing: procedures skipped')[1]
      ?.matchAll(/^- `([\w.]+)`:/gm) ?? []),
  ].map((m) => m[1]!),
);

/**
 * Which file fuzzes which routers (the first part of a procedure's path), about a quarter of the work each: mutations
 * cost most (rows are read around them). fuzz-other-procedures.test.ts takes every router not named here, so a new
 * router is fuzzed without a change here.
 */
export const ROUTER_GROUPS = {
  conversationsAndPayments: ['conversations', 'payments', 'paymentTests', 'settlement', 'reviews'],
  rooms: ['rooms', 'roomMessages', 'roomMedia', 'polls', 'presence'],
  adminAndAccounts: [
    'admin',
    'adminServices',
    'adminUsers',
    'audit',
    'accounts',
    'categories',
    'geo',
    'feedback',
    'reports',
  ],
} as const;

const routerOf = (procedure: ProcedureInfo) => procedure.path.split('.')[0]!;

export function inGroup(group: keyof typeof ROUTER_GROUPS) {
  return (procedure: ProcedureInfo) => (ROUTER_GROUPS[group] as readonly string[]).includes(routerOf(procedure));
}

export function inNoGroup(procedure: ProcedureInfo) {
  return !Object.values(ROUTER_GROUPS).some((routers) => (routers as readonly string[]).includes(routerOf(procedure)));
}

// ---------------------------------------------------------------------------------------------------------------
// JSON Schema -> fast-check

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** Ids of real objects, so some inputs reach past "not found" into the use cases. */
function idArbitrary(knownIds: string[]) {
  return fc.oneof(fc.uuid(), fc.constantFrom(...(knownIds.length > 0 ? knownIds : ['x'])));
}

function arbitraryFor(schema: JsonSchema, knownIds: string[], key = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((s) => arbitraryFor(s, knownIds, key)));
  if (schema.allOf?.length) return arbitraryFor(schema.allOf[0]!, knownIds, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid' || /id$/i.test(key)) return idArbitrary(knownIds);
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 60, minLength + 60);
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFor(schema.items, knownIds, key) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, s]) => [name, arbitraryFor(s, knownIds, name)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Keys that poison objects when code merges input into an object naively; own properties, as JSON.parse makes. */
const POLLUTERS = [
  JSON.parse('{"__proto__": {"polluted": "yes"}}') as object,
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}') as object,
  JSON.parse('{"prototype": {"polluted": "yes"}}') as object,
];

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Values of the wrong kind, size or shape for any field. */
const garbage = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.1 + 0.2,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '',
    ' ',
    '\u0000',
    '\u202e\u200b',
    "' OR 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '𝒳'.repeat(2_000),
    'x'.repeat(20_000),
    [],
    {},
    Array.from({ length: 1_000 }, (_, i) => i),
    deeplyNested(500),
  ),
  fc.constantFrom<unknown>(...POLLUTERS),
  fc.string({ maxLength: 30 }),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Breaks a valid input: a field of the wrong kind, a field missing, an extra or polluting key, or all of it. */
function broken(valid: unknown): fc.Arbitrary<unknown> {
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return garbage;
  const keys = Object.keys(valid);
  const object = valid as Record<string, unknown>;
  const ways: fc.Arbitrary<unknown>[] = [
    fc.tuple(fc.constantFrom(...POLLUTERS), fc.constant(object)).map(([p, v]) => ({ ...v, ...p })),
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), garbage).map(([k, g]) => ({ ...object, [k]: g })),
  ];
  if (keys.length > 0) {
    ways.push(
      fc.tuple(fc.constantFrom(...keys), garbage).map(([k, g]) => ({ ...object, [k]: g })),
      fc.constantFrom(...keys).map((k) => {
        const copy = { ...object };
        delete copy[k];
        return copy;
      }),
      fc.constantFrom(...keys).map((k) => ({ ...object, [k]: deeplyNested(200) })),
    );
  }
  return fc.oneof(...ways);
}

function inputArbitrary(procedure: ProcedureInfo, knownIds: string[]): fc.Arbitrary<unknown> {
  if (!procedure.input) return fc.oneof(fc.constant(undefined), garbage);
  const valid = arbitraryFor(
    z.toJSONSchema(procedure.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
    knownIds,
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 5, arbitrary: valid.chain(broken) },
    { weight: 2, arbitrary: garbage },
  );
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Declares one file's share of the fuzzing: the procedures `fuzzes` picks, on an app and world of the file's own
 * (files share a worker, so nothing here outlives the call).
 */
export function describeFuzzing(title: string, fuzzes: (procedure: ProcedureInfo) => boolean) {
  const knownIds: string[] = [];
  let app: TestApp;
  let world: World;
  let admin: TestUser;
  let tables: string[];
  const users: TestUser[] = [];

  /** Signed-in callers, replaced when one runs out of its per-user mutation allowance. */
  async function freshUser() {
    const user = await testUser(app, { firstName: 'Fuzz' });
    users.push(user);
    return user;
  }

  /** A new caller's own account rows (made mid-batch when one is rate limited) are not a change an input made. */
  function withoutNewCallers(rows: Snapshot, callers: TestUser[]): Snapshot {
    const ids = callers.map((u) => u.id);
    return Object.fromEntries(
      Object.entries(rows).map(([table, list]) => [
        table,
        ['users', 'accounts', 'profiles'].includes(table)
          ? list.filter((r) => !ids.some((id) => r.includes(id)))
          : list,
      ]),
    );
  }

  beforeAll(async () => {
    // Thousands of calls as one user: the per-user mutation limit has its own battery test.
    app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
    world = await buildWorld(app);
    admin = await testUser(app, { firstName: 'Ada' });
    await makeAdmin(app, admin);
    await freshUser();
    tables = await businessTables(app);
    knownIds.push(
      world.serviceId,
      world.requestId,
      world.portfolioItemId,
      world.paidConversationId,
      world.completedConversationId,
      world.provider.id,
      world.client.id,
      world.providerStripeAccountId,
      world.unpaidPaymentIntentId,
    );
  }, 120_000);
  afterAll(() => app?.close());

  function describeFailure(procedure: ProcedureInfo, input: unknown, status: number, message: string | undefined) {
    const shown = JSON.stringify(input)?.slice(0, 300);
    return `${procedure.path} (seed ${SEED}) answered ${status} "${message}" to ${shown}`;
  }

  /** Calls with `input` as `who` (rotating to a fresh user when rate limited); checks the answer's shape. */
  async function callAndCheck(procedure: ProcedureInfo, who: () => TestUser | null, input: unknown) {
    let result = await callProcedure(app, who(), procedure, input);
    if (result.status === 429 && who() !== null && who() !== admin) {
      await freshUser();
      result = await callProcedure(app, who(), procedure, input);
    }
    const message = result.error?.message;
    expect(result.status, describeFailure(procedure, input, result.status, message)).toBeLessThan(500);
    if (result.status !== 200) {
      expect(isClientError(result.status), describeFailure(procedure, input, result.status, message)).toBe(true);
      expect(
        message?.trim() && message !== OPAQUE,
        describeFailure(procedure, input, result.status, message),
      ).toBeTruthy();
    }
    return result.status;
  }

  async function fuzz(procedure: ProcedureInfo, who: () => TestUser | null, runs: number) {
    const inputs = fc.sample(inputArbitrary(procedure, knownIds), { numRuns: runs, seed: SEED });
    // Inputs the schema refuses must be refused and change nothing: run them as one batch between two snapshots.
    const schema = procedure.input;
    // Judged as the server sees it, after JSON: NaN or a Date inside an input arrive as null or a string.
    const asSent = (input: unknown) => (input === undefined ? undefined : JSON.parse(JSON.stringify(input)));
    const refusedBySchema = schema ? inputs.filter((input) => !schema.safeParse(asSent(input)).success) : [];
    const passSchema = inputs.filter((input) => !refusedBySchema.includes(input));
    const before = await snapshot(app, tables);
    const callersBefore = users.length;
    for (const input of refusedBySchema) {
      const status = await callAndCheck(procedure, who, input);
      expect(status, describeFailure(procedure, input, status, 'accepted')).not.toBe(200);
    }
    expectSameRows(
      before,
      withoutNewCallers(await snapshot(app, tables), users.slice(callersBefore)),
      `${procedure.path} (seed ${SEED}) inputs its schema refuses`,
    );
    // Inputs the schema accepts may succeed; a mutation that refuses one must not have changed anything first. The
    // rows are read after each refusal and compared with the last reading, which stands until a call succeeds (or a
    // new caller is made). Read before and after every call, they cost a seventh of the file's time (FUZZ_RUNS=60 on
    // PGlite: 108 -> 93 s).
    let known: string | null = null;
    for (const input of passSchema) {
      const mutation = procedure.type === 'mutation';
      if (mutation && known === null) known = await fingerprint(app, tables);
      const callers = users.length;
      const status = await callAndCheck(procedure, who, input);
      if (!mutation) continue;
      if (status === 200 || users.length !== callers) {
        known = null;
        continue;
      }
      expect(await fingerprint(app, tables), describeFailure(procedure, input, status, 'changed rows')).toBe(known);
    }
  }

  const inventory = procedureInventory().filter((p) => fuzzes(p) && !SKIPPED.has(p.path));
  const overHttp = inventory.filter((p) => p.type !== 'subscription');
  const subscriptions = inventory.filter((p) => p.type === 'subscription');

  describe(`every ${title} procedure survives ${RUNS} random and malformed inputs`, () => {
    it.each(overHttp.map((p) => [p.path, p] as const))('%s (signed in)', async (_path, procedure) => {
      await fuzz(procedure, () => (procedure.guard === 'admin' ? admin : users.at(-1)!), RUNS);
    });

    it.each(overHttp.map((p) => [p.path, p] as const))('%s (signed out)', async (_path, procedure) => {
      await fuzz(procedure, () => null, SIGNED_OUT_RUNS);
    });

    it.each(subscriptions.map((p) => [p.path, p] as const))('%s over the WebSocket', async (_path, procedure) => {
      const socket = await openSocket(app, procedure.guard === 'admin' ? admin : users[0]!);
      const inputs = fc.sample(inputArbitrary(procedure, knownIds), { numRuns: RUNS, seed: SEED });
      try {
        // In batches (the server allows 100 subscriptions a socket at once), each "started" given time for the
        // procedure's own checks, which run after it and may still fail: a 5xx or an opaque error then arrives.
        for (let from = 0; from < inputs.length; from += SOCKET_BATCH) {
          const batch = inputs.slice(from, from + SOCKET_BATCH);
          const replies = await socket.subscribeAll(procedure.path, batch, LATE_ERROR_MS);
          for (const [i, reply] of replies.entries()) {
            const failure = `${procedure.path} (seed ${SEED}) answered ${JSON.stringify(reply).slice(0, 300)} to ${JSON.stringify(batch[i])?.slice(0, 200)}`;
            if (reply.error) {
              expect(reply.error.data?.httpStatus ?? 0, failure).toBeLessThan(500);
              expect(reply.error.message && reply.error.message !== OPAQUE, failure).toBeTruthy();
            }
          }
        }
      } finally {
        socket.close();
      }
    });

    it('no input polluted Object.prototype on the server', () => {
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    });

    it('the server still answers after the fuzzing', async () => {
      const health = await app.server.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });
  });
}
