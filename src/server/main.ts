import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app';
import { ConfigError, configuredAdmin, loadConfig } from './config';
import { ensureServiceCategories } from './db/categories';
import { startProgression } from './features/progression/backfill-progress';
import { startPollSweep } from './features/moderation/poll-sweep';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { migrateDatabase, openDatabase } from './db/database';
import { bootstrapAdmin } from './features/accounts/bootstrap-admin';
import { startSettlementSweep } from './features/settlement/settlement-sweep';
import { startUploadSweep } from './files/sweep-unattached-uploads';
import { createInProcessEventBus } from './realtime/event-bus';
import { createPostgresEventBus } from './realtime/postgres-event-bus';
import { createMailSender, startMailSender } from './mail/mail-sender';
import { createMailTransport } from './mail/mail-transport';
import { createPushSender, startPushSender } from './push/push-sender';
import { startMissedActivityEmails } from './features/notification-delivery/send-missed-activity';
import { vapidKeys } from './push/vapid-keys';

/** config -> database -> app -> listen; SIGTERM closes everything cleanly. */
async function main() {
  // A .env file in the working directory fills in variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // React's server renderer chooses its build from the environment when it loads, not from our config: without this,
  // a start without NODE_ENV would render with the development build (slower, and it writes error stacks into pages).
  process.env.NODE_ENV = config.NODE_ENV;
  const embedded = !config.DATABASE_URL;
  const unlock = embedded ? lockDataDir(config.DATA_DIR) : () => {};
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'server', url: config.DATABASE_URL }
      : { kind: 'embedded', dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await migrateDatabase(database.db);
  await ensureServiceCategories(database.db);

  // Several servers may share one PostgreSQL server, so their live events travel through it; the embedded database
  // has exactly one server (the DATA_DIR lock), which keeps them in process.
  const bus = config.DATABASE_URL
    ? await createPostgresEventBus(config.DATABASE_URL, (error) => console.error('Event bus:', error))
    : createInProcessEventBus();
  const webRoot = path.join(import.meta.dirname, '../web');
  const { server, auth, payments, events } = await createApp({ config, db: database.db, bus, webRoot });
  await bootstrapAdmin(database.db, auth, bus, configuredAdmin(config));
  // Auto-confirmation 3 days after completion, and retries of unfinished transfers and refunds.
  const stopSweep = startSettlementSweep({ db: database.db, bus, events, payments }, (error) =>
    server.log.error({ err: error }, 'settlement sweep failed'),
  );
  // Files uploaded but never attached to anything (an abandoned form) go after 24 hours.
  const stopUploadSweep = startUploadSweep(database.db, path.join(config.DATA_DIR, 'uploads'), (error) =>
    server.log.error({ err: error }, 'upload sweep failed'),
  );

  // Community polls close when they expire: their outcome is recorded and announced to the admins.
  const stopPollSweep = startPollSweep({ db: database.db, events }, (error) =>
    server.log.error({ err: error }, 'poll sweep failed'),
  );

  // Email queued by use cases and handlers leaves here, after their commit, retried with backoff.
  const mailTransport = createMailTransport(config, (line) => server.log.info(line));
  const stopMail = startMailSender(createMailSender({ db: database.db, transport: mailTransport, config }), (error) =>
    server.log.error({ err: error }, 'mail sender failed'),
  );

  // Pushes decided by the notification handlers leave here, to every device of the member.
  const stopPush = startPushSender(createPushSender({ db: database.db, vapid: vapidKeys(config) }), (error) =>
    server.log.error({ err: error }, 'push sender failed'),
  );

  // One email per batch window per member, listing what they missed (MAIL_BATCH_MINUTES).
  const stopDigests = startMissedActivityEmails({ db: database.db, config }, (error) =>
    server.log.error({ err: error }, 'missed-activity emails failed'),
  );

  let stopProgression = async () => {};
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    server.log.info(`${signal}: shutting down`);
    await stopSweep();
    await stopUploadSweep();
    await stopPollSweep();
    await stopMail();
    await stopPush();
    await stopDigests();
    mailTransport.close();
    // Before the database closes: a backfill batch is never cut in half.
    await stopProgression();
    await server.close();
    await bus.close();
    await database.close();
    unlock();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await server.listen({ port: config.PORT, host: config.HOST });
  // The one line a person starting the app reads: where to open it. PUBLIC_URL defaults to localhost on PORT, which
  // with PORT=0 is the port the system chose.
  const { port } = server.server.address() as AddressInfo;
  const url = config.PUBLIC_URL === 'http://localhost:0' ? `http://localhost:${port}` : config.PUBLIC_URL;
  console.log(`SkillNest is running at ${url}`);
  // The quests table in step with the domain, then the one-time progression backfill, in the background:
  // start-up never waits for it, and a failure is logged and resumed at the next start.
  stopProgression = startProgression(database.db, server.log);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
