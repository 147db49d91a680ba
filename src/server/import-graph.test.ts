import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// ESLint's import-x/no-cycle follows value imports only; a type-only import still ties two modules together (one
// cannot move or change without the other), so this reads every import, type-only and dynamic ones included.
const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const files = sourceFiles(src);
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((imported) => resolve(file, imported.fileName));
    return [file, [...new Set(targets.filter((target) => target !== null))]];
  }),
);

/** Tarjan's strongly connected components of more than one module: each is one import circle, however long. */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(src, member));
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

const inFolder = (folder: string) => (component: string[]) => component.some((file) => file.startsWith(folder));

describe('the import graph of src', () => {
  it('has no circle through the server, type-only imports included', () => {
    expect(circles().filter(inFolder('server/'))).toEqual([]);
  });

  it('has no circle through the domain, type-only imports included', () => {
    expect(circles().filter(inFolder('domain/'))).toEqual([]);
  });

  it('has no circle through the web app, type-only imports included', () => {
    expect(circles().filter(inFolder('web/'))).toEqual([]);
  });

  it('finds a circle made only of type imports', () => {
    const a = path.join(src, 'server/contracts/app-events.ts');
    const b = path.join(src, 'server/contracts/room-events.ts');
    const saved = [graph.get(a), graph.get(b)];
    graph.set(a, [b]);
    graph.set(b, [a]);
    try {
      expect(circles().filter(inFolder('server/'))).toEqual([
        ['server/contracts/app-events.ts', 'server/contracts/room-events.ts'],
      ]);
    } finally {
      graph.set(a, saved[0]!);
      graph.set(b, saved[1]!);
    }
  });

  it('keeps the infrastructure and the contracts free of features', () => {
    const infrastructure = ['events', 'realtime', 'db', 'files', 'jobs', 'contracts'].map((f) => `server/${f}/`);
    const wrong = [...graph].flatMap(([file, targets]) => {
      const from = path.relative(src, file);
      if (!infrastructure.some((folder) => from.startsWith(folder))) return [];
      return targets
        .map((t) => path.relative(src, t))
        .filter((t) => t.startsWith('server/features/'))
        .map((t) => `${from} -> ${t}`);
    });
    expect(wrong).toEqual([]);
  });
});
