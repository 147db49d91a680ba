/**
 * The battery's README is the inventory of what can be called: every tRPC procedure and HTTP route with its guard.
 * A procedure or route added without a line there (or with a guard the code does not apply) fails here, so the
 * list that the object-access, mass-assignment and fuzz tests are reviewed against stays complete.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';
import { procedureInventory } from './helpers';

const README = readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8');

/** The cells of the README's table rows whose first cell is a `code` name. */
function tableRows(): string[][] {
  return README.split('\n')
    .filter((line) => /^\|\s*`[^`]+`/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** The routes Fastify serves, read from its route tree: "METHOD /path" for each method but HEAD. */
function registeredRoutes(app: TestApp): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  const stack: string[] = [];
  for (const line of app.server.printRoutes().split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    const methods = match[3].split(', ').filter((m) => m !== 'HEAD');
    routes.set(stack.join(''), new Set(methods));
  }
  return routes;
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('the security README lists everything that can be called', () => {
  const procedures = procedureInventory();
  const rows = tableRows();
  const listed = new Map(rows.filter((r) => /^`[\w.]+`$/.test(r[0]!)).map((r) => [r[0]!.slice(1, -1), r]));

  it('every tRPC procedure of the router has a row', () => {
    const missing = procedures.filter((p) => !listed.has(p.path)).map((p) => p.path);
    expect(missing, 'add these procedures to tests/security/README.md').toEqual([]);
  });

  it('no row names a procedure that no longer exists', () => {
    const known = new Set(procedures.map((p) => p.path));
    expect([...listed.keys()].filter((name) => !known.has(name))).toEqual([]);
  });

  it('each row states the procedure’s real type and guard (read from the middlewares it carries)', () => {
    const wrong = procedures
      .filter((p) => listed.has(p.path))
      .filter((p) => listed.get(p.path)![1] !== p.type || listed.get(p.path)![2] !== p.guard)
      .map(
        (p) =>
          `${p.path}: README says ${listed.get(p.path)![1]}/${listed.get(p.path)![2]}, code is ${p.type}/${p.guard}`,
      );
    expect(wrong).toEqual([]);
  });

  it('every HTTP route the server registers has a row, with its methods', () => {
    const routeRows = rows
      .map((r) => /^`([A-Z,]+) (\/\S*)`$/.exec(r[0]!))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ methods: m[1]!.split(','), url: m[2]! }));
    const documented = new Set(routeRows.map((r) => r.url));
    const registered = registeredRoutes(app);
    const missing = [...registered.keys()].filter((url) => !documented.has(url));
    expect(missing, 'add these routes to tests/security/README.md').toEqual([]);
    const stale = routeRows
      .filter((r) => r.methods.some((method) => !app.server.hasRoute({ method: method as 'GET', url: r.url })))
      .map((r) => `${r.methods.join(',')} ${r.url}`);
    expect(stale, 'README rows for routes that do not exist').toEqual([]);
  });
});
