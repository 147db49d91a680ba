// The chunks each lazily loaded module needs, from Vite's build manifest: the server's renderer names them in the
// page it renders (<link rel="modulepreload">), so the browser fetches a page's own code while it reads the HTML,
// and Vite's loader, finding them there, adds no tags of its own as the app starts (src/web/entry-server.tsx).

/** The manifest keys a chunk needs before it runs: itself and every chunk it imports statically, transitively. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The manifest key of index.html's entry chunk. */
export function entryKeyOf(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('lazy-chunks: no index.html entry in the Vite manifest');
  return entryKey;
}

/**
 * For each module of the browser build (its key: its path from src/web, as Vite's manifests name it), the addresses
 * of the scripts it needs beyond what index.html already loads: the chunk that holds it (a module imported lazily
 * may share a chunk with others) first, then what that chunk imports, transitively. `ssrManifest` is Vite's
 * `.vite/ssr-manifest.json` (module -> the files holding it).
 * @returns {{ modules: Record<string, string>, chunks: Record<string, string[]> }}
 */
export function lazyChunkMap(manifest, ssrManifest, base = '/') {
  const initial = staticClosure(manifest, entryKeyOf(manifest));
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [base + chunk.file, key]));
  const modules = {};
  const chunks = {};
  for (const [module, files] of Object.entries(ssrManifest)) {
    const file = files.find((f) => f.endsWith('.js') && keyOfFile.has(f));
    if (!file || initial.has(keyOfFile.get(file))) continue;
    modules[module] = file;
    chunks[file] ??= [...staticClosure(manifest, keyOfFile.get(file))]
      .filter((needed) => !initial.has(needed) && manifest[needed].file.endsWith('.js'))
      .map((needed) => base + manifest[needed].file);
  }
  return { modules, chunks };
}
