// A Vite plugin for the server's renderer (the SSR build only): each lazy import of our own code, `import('./x')`,
// tags the functions the module exports with the module's key in the browser build's manifest (its path from
// src/web). After rendering, the renderer looks up the route components and lazy parts it drew
// (src/web/app/lazy-module-keys.ts) and names their scripts in the page (scripts/lazy-chunks.mjs).
import path from 'node:path';
import type { Plugin } from 'vite';

// A type (`typeof import('./x')`) is left alone: the plugin runs before TypeScript is stripped.
const RELATIVE_DYNAMIC_IMPORT = /(?<!typeof\s+)\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g;

export function lazyModuleKeys({ root }: { root: string }): Plugin {
  const helper = path.resolve(root, 'app/lazy-module-keys.ts');
  return {
    name: 'skillnest:lazy-module-keys',
    enforce: 'pre',
    apply: (_config, env) => Boolean(env.isSsrBuild),
    async transform(code, id) {
      if (id === helper || id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id)) return null;
      const found = [...code.matchAll(RELATIVE_DYNAMIC_IMPORT)];
      if (found.length === 0) return null;
      const keys = new Map<string, string>();
      for (const [, , specifier] of found) {
        if (!specifier) continue;
        const resolved = await this.resolve(specifier, id);
        if (resolved)
          keys.set(specifier, path.relative(root, resolved.id.replace(/\?.*$/, '')).split(path.sep).join('/'));
      }
      const tagged = code.replace(RELATIVE_DYNAMIC_IMPORT, (call, _quote, specifier: string) =>
        keys.has(specifier) ? `${call}.then(__tagLazyModule(${JSON.stringify(keys.get(specifier))}))` : call,
      );
      return {
        code: `import { tagLazyModule as __tagLazyModule } from ${JSON.stringify(helper)};\n${tagged}`,
        map: null,
      };
    },
  };
}
