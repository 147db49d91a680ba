// Preloaded into a benchmarked server (node --import): counts every statement its pg clients send (the pool over
// PGlite's socket or a PostgreSQL server, better-auth's and the event bus's too), without touching the product code.
// The bench asks for the count over the IPC channel it started the server with.
import pg from 'pg';

/** Distinct statement kinds kept; the rest are counted under "other". */
const MAX_KINDS = 200;
let statements = 0;
const byKind = new Map();

/** `select "session"."id", ... from "session"` -> `select from "session"`: enough to tell where a statement comes from. */
function kindOf(config) {
  const raw = typeof config === 'string' ? config : (config?.text ?? '');
  const text = raw.replace(/^(\s*--[^\n]*\n)+/, '');
  const verb = (/^\s*(\w+)/.exec(text)?.[1] ?? '?').toLowerCase();
  const table = /\b(?:from|into|update)\s+("?[\w.]+"?)/i.exec(text)?.[1] ?? '';
  return table ? `${verb} ${table}` : verb;
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  statements++;
  const kind = kindOf(config);
  const key = byKind.has(kind) || byKind.size < MAX_KINDS ? kind : 'other';
  byKind.set(key, (byKind.get(key) ?? 0) + 1);
  return query.call(this, config, ...rest);
};

process.on('message', (message) => {
  if (message && typeof message.id === 'number')
    process.send?.({ id: message.id, statements, byKind: Object.fromEntries(byKind) });
});
// The IPC channel must not keep a server alive that is shutting down.
process.channel?.unref();
