/** The rooms benchmark's tables: each phase on each server, the database work per call, and the goals it checks. */
import os from 'node:os';
import type { SqlCount } from '../messaging/versions';
import type { benchRooms } from '../rooms';
import type { PhaseResult, RoomsLoadResult } from './load';

type Run = Awaited<ReturnType<typeof benchRooms>>;

const fmt = (n: number | undefined, digits = 1) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '-');
const int = (n: number) => Math.round(n).toLocaleString('en');
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Statements that change data: insert, update, delete, and the outbox's `with ... insert` (record-events.ts). */
const isWrite = (kind: string) => /^(insert|update|delete|with)\b/.test(kind);
const count = (sql: SqlCount, pick: (kind: string) => boolean) =>
  Object.entries(sql.byKind).reduce((sum, [kind, n]) => sum + (pick(kind) ? n : 0), 0);

function perCall(sql: SqlCount, calls: number) {
  return Object.entries(sql.byKind)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([kind, n]) => `${fmt(n / calls, 2)} ${kind}`)
    .join(', ');
}

function phaseRow(result: RoomsLoadResult, phase: PhaseResult, gapMs: number) {
  const calls = phase.sent + phase.markReads;
  return {
    phase: phase.name === 'paced' ? `paced (${result.senders} x 1/${gapMs / 1000} s)` : 'closed loop',
    server: result.target,
    sent: phase.sent,
    refused: phase.refused,
    'send errors': phase.sendErrors,
    'deliveries/s': int(phase.deliveriesPerSecond),
    'p50 ms': fmt(phase.p50),
    'p99 ms': fmt(phase.p99),
    'max ms': fmt(phase.max, 0),
    lost: phase.lost,
    dup: phase.duplicated,
    markReads: phase.markReads,
    'RSS MB peak': fmt(phase.server.peakRssMb, 0),
    'loop p99 ms': fmt(phase.server.loop.p99),
    'loop max ms': fmt(phase.server.loop.max, 0),
    'SQL/call': phase.sql ? fmt(phase.sql.statements / calls, 2) : '-',
    'gen loop p99': fmt(phase.generatorLoopP99),
  };
}

export function printRooms(run: Run) {
  const { options } = run;
  console.log(
    `\nChat rooms: one room, ${options.members} members (one WebSocket each, subscribed to rooms.events), ` +
      `${Math.min(options.senders, options.members)} of them sending: paced ${options.pacedSeconds} s (each sender ` +
      `every ${options.gapMs / 1000} s on average, exponential gaps), then closed loop ${options.closedSeconds} s ` +
      `(each sender as fast as its answers come); members mark read 1 s after a burst, over their socket\n`,
  );
  const rows = [];
  for (const name of ['paced', 'closed'] as const)
    for (const result of run.results) rows.push(phaseRow(result, result[name], options.gapMs));
  console.table(rows);
  console.log(
    'deliveries/s: arrivals at members, first send to last arrival; p50/p99/max: send -> arrival at each member, ' +
      'every delivery; lost/dup: per member, after the settle wait; refused: sends the mutation limit refused (not ' +
      'sent); loop: the server event-loop delay over the phase and its settle (receipts included); SQL/call: ' +
      "statements over (sends + markReads), the periodic session checks included; gen loop p99: the generator's own " +
      'event loop (high: the generator, not the server, was the limit).',
  );
  for (const result of run.results)
    for (const phase of [result.paced, result.closed])
      console.log(
        `  ${result.target} ${phase.name}: ${int(phase.deliveries)} deliveries, ${fmt(phase.sendsPerSecond)} sends/s, ` +
          `${phase.readFrames.toLocaleString('en')} receipt frames received, ${fmt(phase.receivedMb, 0)} MB received, ` +
          `${phase.messagesIncomplete} messages incomplete, ${phase.markReadErrors} markRead errors, ` +
          `${fmt(phase.seconds)} s sending + ${fmt(phase.settleSeconds)} s settling`,
      );

  for (const result of run.results)
    if (result.closedSockets > 0)
      console.log(
        `  ${result.target} closed ${result.closedSockets} of the members' sockets during the run (slow consumer?)`,
      );
  const skillNest = run.results.find((r) => r.target === 'SkillNest');
  const bare = run.results.find((r) => r.target === 'bare ws');
  const probe = skillNest?.probe;
  if (probe) {
    console.log(
      `\nDatabase work per call (SkillNest, alone: ${probe.sends} sends one after another, reads held back; then one ` +
        `markRead per member):`,
    );
    const line = (label: string, sql: SqlCount, calls: number) =>
      console.log(
        `  ${label}: ${fmt(sql.statements / calls, 2)} statements, ${fmt(count(sql, isWrite) / calls, 2)} writes, ` +
          `${fmt(count(sql, (k) => k === 'begin') / calls, 2)} transactions: ${perCall(sql, calls)}`,
      );
    line(`send, ${skillNest.members} members`, probe.bigRoom, probe.sends);
    if (probe.smallRoom) line(`send, ${skillNest.senders} members`, probe.smallRoom, probe.sends);
    line('markRead', probe.markRead, probe.markReads);
  }

  console.log('\nGoals for rooms (one run):');
  if (skillNest) {
    const lost = skillNest.paced.lost + skillNest.closed.lost;
    const dup = skillNest.paced.duplicated + skillNest.closed.duplicated;
    console.log(`  Lost ${lost}, duplicated ${dup} (both phases); goal 0 and 0 -> ${met(lost === 0 && dup === 0)}`);
    const p99 = skillNest.paced.p99;
    if (bare) {
      const ratio = p99 / bare.paced.p99;
      console.log(
        `  Paced p99 ${fmt(p99)} ms vs the bare broadcast's ${fmt(bare.paced.p99)} ms (${fmt(ratio, 2)}x); ` +
          `goal <= 1.5x and under 150 ms -> ${met(ratio <= 1.5 && p99 < 150)}`,
      );
    } else console.log(`  Paced p99 ${fmt(p99)} ms; goal under 150 ms -> ${met(p99 < 150)} (no bare run to compare)`);
    const loop = skillNest.paced.server.loop.p99;
    console.log(
      `  Event-loop p99 at a chat's pace ${fmt(loop)} ms (closed loop ${fmt(skillNest.closed.server.loop.p99)} ms), ` +
        `with ${skillNest.paced.markReads} markReads in the phase (the bare broadcast's, on this machine: ` +
        `${fmt(bare?.paced.server.loop.p99)} ms); goal under 20 ms -> ${met(loop < 20)}`,
    );
    if (probe) {
      const writesPerRead = count(probe.markRead, isWrite) / probe.markReads;
      const readTransactions = count(probe.markRead, (k) => k === 'begin') / probe.markReads;
      const readsPerMember = skillNest.paced.markReads / skillNest.members;
      console.log(
        `  Receipts batched: a markRead of ${probe.sends} messages is ${fmt(readTransactions, 2)} transaction with ` +
          `${fmt(writesPerRead, 2)} write statements (the receipts, their outbox event); at a chat's pace ` +
          `${fmt(readsPerMember, 2)} markReads per member for ${skillNest.paced.sent} messages; goal one write per ` +
          `reader per burst -> ${met(readTransactions <= 1.05 && writesPerRead < probe.sends / 4)}`,
      );
      const big = probe.bigRoom.statements / probe.sends;
      const small = probe.smallRoom ? probe.smallRoom.statements / probe.sends : big;
      // The send itself is the one statement on chat_rooms (access, insert, outbox); the rest is the durable
      // handlers' work after it (progression), the same for every message whatever the room's size.
      const sendItself = count(probe.bigRoom, (k) => k === 'with "chat_rooms"') / probe.sends;
      const handlerTransactions = count(probe.bigRoom, (k) => k === 'begin') / probe.sends;
      console.log(
        `  One send: ${fmt(sendItself, 2)} statement (the message and its outbox event); after it, the durable ` +
          `handlers' ${fmt(handlerTransactions, 2)} transaction; ${fmt(big, 2)} statements in all with ` +
          `${skillNest.members} members vs ${fmt(small, 2)} with ${skillNest.senders}; goal one write whatever the ` +
          `room's size -> ${met(sendItself <= 1.05 && big <= small * 1.25)}`,
      );
    }
  }
  console.log(
    `\nMachine load (1-minute average, ${os.cpus().length} cores): ${fmt(run.loadAverage[0])} at the start, ` +
      `${fmt(run.loadAverage[1])} at the end; the generator shares the machine with the server.`,
  );
  console.log(`Wall time ${Math.round(run.wallSeconds)} s, embedded PGlite.`);
}
