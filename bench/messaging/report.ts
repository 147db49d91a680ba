import os from 'node:os';
/** The messaging benchmark's tables: each measurement before and after, with the ratio, and the goals it checks. */
import type { benchMessaging } from '../messaging';
import type { SqlCount } from './versions';

type Run = Awaited<ReturnType<typeof benchMessaging>>;

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const ratio = (after: number, before: number) => (before > 0 ? `${(after / before).toFixed(2)}x` : '-');

/** The largest entries of a count, per message: where the requests or statements come from. */
function top(byKind: Record<string, number>, messages: number, n = 12) {
  return Object.entries(byKind)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([kind, count]) => `${fmt(count / messages, 2)} ${kind}`);
}

function sqlTable(label: string, rows: { version: string; sql: SqlCount; messages: number }[]) {
  console.log(`\n${label}: SQL statements per message by kind (largest first)\n`);
  for (const row of rows) console.log(`  ${row.version}: ${top(row.sql.byKind, row.messages, 10).join(', ')}`);
}

export function printMessaging(run: Run) {
  const { options } = run;
  const goals: string[] = [];

  if (run.browsers.length === 2) {
    console.log(
      `\nMessaging, two real browsers (Chromium, ${options.browserMessages} messages, one every ` +
        `${options.browserGapMs / 1000} s, taking turns; typed and sent with Enter, each waiting for the other screen)\n`,
    );
    const rows = run.browsers.map(({ version, result: r }) => {
      const requests = r.parties.client.requests + r.parties.provider.requests;
      return {
        version: version.label,
        requests: requests / r.messages,
        socketCalls: (r.parties.client.socketCalls + r.parties.provider.socketCalls) / r.messages,
        client: r.parties.client.requests / r.messages,
        provider: r.parties.provider.requests / r.messages,
        kb: (r.parties.client.bytes + r.parties.provider.bytes) / 1024 / r.messages,
        sql: r.sql.statements / r.messages,
        p50: r.p50,
        max: r.max,
      };
    });
    const [before, after] = rows as [(typeof rows)[0], (typeof rows)[0]];
    console.table([
      ...rows.map((r) => ({
        version: r.version,
        'HTTP req/msg (both)': fmt(r.requests, 2),
        'socket calls/msg (both)': fmt(r.socketCalls, 2),
        'client req/msg': fmt(r.client, 2),
        'provider req/msg': fmt(r.provider, 2),
        'KB/msg downloaded': fmt(r.kb, 1),
        'SQL stmts/msg': fmt(r.sql, 1),
        'Enter -> other screen p50 ms': fmt(r.p50, 0),
        'max ms': fmt(r.max, 0),
      })),
      {
        version: 'after / before',
        'HTTP req/msg (both)': ratio(after.requests, before.requests),
        'socket calls/msg (both)': ratio(after.socketCalls, before.socketCalls),
        'client req/msg': ratio(after.client, before.client),
        'provider req/msg': ratio(after.provider, before.provider),
        'KB/msg downloaded': ratio(after.kb, before.kb),
        'SQL stmts/msg': ratio(after.sql, before.sql),
        'Enter -> other screen p50 ms': ratio(after.p50, before.p50),
        'max ms': ratio(after.max, before.max),
      },
    ]);
    console.log('HTTP requests and socket calls per message by what they asked for (both parties):\n');
    for (const { version, result: r } of run.browsers) {
      const byKind: Record<string, number> = {};
      for (const party of [r.parties.client, r.parties.provider])
        for (const [kind, n] of Object.entries(party.byKind)) byKind[kind] = (byKind[kind] ?? 0) + n;
      console.log(`  ${version.label}: ${top(byKind, r.messages).join(', ')}`);
    }
    sqlTable(
      'Browsers',
      run.browsers.map(({ version, result: r }) => ({ version: version.label, sql: r.sql, messages: r.messages })),
    );
    goals.push(
      `HTTP requests per message, both parties, real browsers: ${fmt(after.requests, 2)} (before ${fmt(before.requests, 2)}); ` +
        `goal <= 2 -> ${after.requests <= 2 ? 'met' : 'NOT met'}; ` +
        `HTTP requests and socket calls together: ${fmt(after.requests + after.socketCalls, 2)} ` +
        `(before ${fmt(before.requests + before.socketCalls, 2)}; presence calls, above, come with time, not messages)`,
    );
  }

  if (run.load.length === 2) {
    console.log(
      `\nMessaging under load: ${options.conversations} conversations (${options.conversations * 2} users, as many ` +
        `WebSockets), ${options.messagesPerConversation} messages each, sent as each version's web client sends ` +
        `(${run.load.map(({ version }) => `${version.label}: over ${version.sendOver === 'socket' ? 'the socket' : 'HTTP'}`).join('; ')}), ` +
        `timed to the other party's subscription\n`,
    );
    const phases = [
      ['closed loop', 'closedLoop'],
      [`paced (${options.pacedGapMs / 1000} s)`, 'paced'],
    ] as const;
    const rows: Record<string, string | number>[] = [];
    for (const [name, key] of phases) {
      const [before, after] = run.load.map(({ result }) => (key === 'closedLoop' ? result.closedLoop : result.paced));
      for (const [i, r] of [before!, after!].entries()) {
        rows.push({
          load: name,
          version: run.load[i]!.version.label,
          messages: r.messages,
          'messages/s': Math.round(r.messagesPerSecond),
          'send -> arrival p50 ms': fmt(r.p50),
          'p99 ms': fmt(r.p99),
          'HTTP req/msg': fmt(r.httpPerMessage, 2),
          'socket calls/msg': fmt(r.socketCallsPerMessage, 2),
          'SQL stmts/msg': fmt(r.sqlPerMessage, 2),
        });
      }
      rows.push({
        load: name,
        version: 'after / before',
        messages: '',
        'messages/s': ratio(after!.messagesPerSecond, before!.messagesPerSecond),
        'send -> arrival p50 ms': ratio(after!.p50, before!.p50),
        'p99 ms': ratio(after!.p99, before!.p99),
        'HTTP req/msg': ratio(after!.httpPerMessage, before!.httpPerMessage),
        'socket calls/msg': '',
        'SQL stmts/msg': ratio(after!.sqlPerMessage, before!.sqlPerMessage),
      });
    }
    console.table(rows);
    sqlTable(
      'Closed loop',
      run.load.map(({ version, result }) => ({
        version: version.label,
        sql: result.closedLoop.sql,
        messages: result.closedLoop.messages,
      })),
    );
    const [before, after] = run.load.map(({ result }) => result) as [
      Run['load'][0]['result'],
      Run['load'][0]['result'],
    ];
    // A paced conversation takes about (messages + 1) gaps (a random start within one gap, a gap after each
    // message); a phase much slower than that queued like the closed loop.
    const offered =
      (options.conversations * options.messagesPerConversation * 1000) /
      ((options.messagesPerConversation + 1) * options.pacedGapMs);
    for (const { version, result } of run.load)
      if (result.paced.messagesPerSecond < offered * 0.9)
        console.log(
          `Warning: ${version.label}'s paced phase managed ${Math.round(result.paced.messagesPerSecond)} of ${Math.round(offered)} ` +
            `messages/s offered: it was over capacity, so its p99 is queueing. Re-run on a quieter machine or with a larger --gap-ms.`,
        );
    const capacity = after.closedLoop.messagesPerSecond / before.closedLoop.messagesPerSecond;
    goals.push(
      `Closed-loop capacity: ${Math.round(after.closedLoop.messagesPerSecond)} vs ${Math.round(before.closedLoop.messagesPerSecond)} ` +
        `messages/s (${fmt(capacity, 2)}x); goal >= 2x -> ${capacity >= 2 ? 'met' : 'NOT met'}`,
      `Paced p99: ${fmt(after.paced.p99)} ms vs ${fmt(before.paced.p99)} ms; goal unchanged or better (within 10%, ` +
        `this machine's noise) -> ${after.paced.p99 <= before.paced.p99 * 1.1 ? 'met' : 'NOT met'}`,
    );
  }

  console.log(`\nGoals for messaging (before = ${options.baseline}, after = the working tree, one run):`);
  for (const goal of goals) console.log(`  ${goal}`);
  console.log(
    `\nMachine load (1-minute average, ${os.cpus().length} cores): ${fmt(run.loadAverage[0])} at the start, ` +
      `${fmt(run.loadAverage[1])} at the end; other work running meanwhile moves the figures, and the ratios too.`,
  );
  console.log(
    `Wall time ${Math.round(run.wallSeconds)} s${options.databaseUrl ? ', PostgreSQL server' : ', embedded PGlite'}.`,
  );
}
