/**
 * Which lazily loaded module a function came from, on the server (scripts/vite-lazy-module-keys.ts tags each lazy
 * import of the renderer's build): the renderer names the scripts of the route components and lazy parts it drew in
 * the page, so the browser loads them with the HTML instead of discovering them as the app starts.
 */
const keys = new WeakMap<object, string>();

/** Tags every function a module exports with its key; returns the module as it was. */
export function tagLazyModule(key: string) {
  return <T extends object>(module: T): T => {
    for (const value of Object.values(module)) if (typeof value === 'function') keys.set(value, key);
    return module;
  };
}

/** The key of the lazy module a function was exported by; undefined for anything else (or in the browser). */
export function lazyModuleKey(value: unknown): string | undefined {
  return typeof value === 'function' ? keys.get(value) : undefined;
}
