/**
 * npm run seed: demo accounts so a newcomer sees a living marketplace. Idempotent; run it while the server is
 * stopped (the embedded database allows one process per DATA_DIR). Later features add their demo rows here.
 */
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { createDomainEvents } from '../events/domain-events';
import { durableHandlers } from '../events/handlers';
import { createAuth } from '../auth/auth';
import { loadConfig, type Config } from '../config';
import { createInProcessEventBus } from '../realtime/event-bus';
import { ensureServiceCategories } from './categories';
import { lockDataDir } from './data-dir-lock';
import { migrateDatabase, openDatabase, type Db } from './database';
import { conversations, messages } from './schema/conversations';
import { paymentTransactions, testConnectedAccounts } from './schema/payments';
import { reviews } from './schema/reviews';
import { chatRooms } from './schema/rooms';
import { transfers } from './schema/settlement';
import { noticeText, toStored, type MessageBody } from '../../domain/messages';
import { greetingFor, paymentReceived } from '../../domain/negotiation';
import { feeBreakdown } from '../../domain/payments';
import { payoutCents } from '../../domain/settlement';
import { users } from './schema/auth';
import { profiles } from './schema/profiles';
import { serviceRequests, services } from './schema/services';
import { demoRequests, demoServices } from './seed-marketplace';
import { seedRooms } from './seed-rooms';
import { createLocalBlobStore } from '../files/blob-store';

export const DEMO_PASSWORD = 'Demo-pass-1!';

const DEMO_USERS = [
  {
    firstName: 'Maya',
    lastName: 'Chen',
    school: 'Lincoln High School',
    bio: 'Maths tutor and aspiring engineer.',
    dateOfBirth: '2008-03-14',
  },
  {
    firstName: 'Jordan',
    lastName: 'Okafor',
    school: 'Riverside College',
    bio: 'I design logos, posters and brand kits.',
    dateOfBirth: '2004-09-02',
  },
  {
    firstName: 'Sam',
    lastName: 'Rivera',
    school: 'Westfield Academy',
    bio: 'Web developer: React, TypeScript and fast sites.',
    dateOfBirth: '2003-06-21',
  },
  {
    firstName: 'Aisha',
    lastName: 'Patel',
    school: 'Northgate University',
    bio: 'Photographer for events, portraits and products.',
    dateOfBirth: '2002-11-30',
  },
  {
    firstName: 'Leo',
    lastName: 'Novak',
    school: 'Lincoln High School',
    bio: 'Guitar lessons and beat making.',
    dateOfBirth: '2007-01-08',
  },
];

const REVIEW_COMMENTS: [number, string][] = [
  [5, 'Friendly, quick and exactly what I asked for. Would hire again.'],
  [4, 'Good work and clear communication; one small change took a day longer.'],
  [5, 'Explained everything as we went. Really helpful!'],
  [5, 'Delivered early and the result looks great.'],
  [3, 'Decent result, though I had to ask twice for an update.'],
];

/**
 * A few finished jobs between demo users, so profiles open with ratings: each a completed, paid conversation with
 * its messages and the client's review, as the real flow would leave them.
 */
async function seedCompletedWork(db: Db, userIds: string[], payoutAccounts: Map<string, string>) {
  const offered = await db
    .select({ id: services.id, userId: services.userId, title: services.title, priceCents: services.priceCents })
    .from(services)
    .where(inArray(services.userId, userIds))
    .limit(10);
  for (const [i, service] of offered.entries()) {
    const clientId = userIds[(userIds.indexOf(service.userId) + 1 + (i % 2)) % userIds.length]!;
    const [rating, comment] = REVIEW_COMMENTS[i % REVIEW_COMMENTS.length]!;
    await db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(conversations)
        .values({
          participant1Id: clientId,
          participant2Id: service.userId,
          serviceId: service.id,
          subjectTitle: service.title,
          finalPriceCents: service.priceCents || 1000,
          finalPricingType: 'fixed',
          priceAgreedByNonPostingParty: true,
          paidAt: new Date(),
          serviceStarted: true,
          lastMessage: noticeText({ kind: 'service_completed' }),
        })
        .returning();
      const amount = conversation!.finalPriceCents!;
      const said: [string, MessageBody][] = [
        [clientId, { kind: 'text', text: greetingFor(service.title) }],
        [service.userId, { kind: 'text', text: 'Happy to help! When would suit you?' }],
        [clientId, { kind: 'original_price_accepted', priceCents: amount, pricingType: 'fixed' }],
        [clientId, paymentReceived(amount).message],
        [service.userId, { kind: 'service_started' }],
        [service.userId, { kind: 'service_completed' }],
      ];
      const start = Date.now() - (offered.length - i + 4) * 86_400_000;
      // Paid, completed and accepted as the real flow leaves them (settlement.ts): the provider was paid out.
      const at = (n: number) => new Date(start + n * 600_000);
      await tx
        .update(conversations)
        .set({
          createdAt: at(0),
          updatedAt: at(5),
          paidAt: at(3),
          completedAt: at(5),
          acceptedAt: new Date(start + 86_400_000),
        })
        .where(eq(conversations.id, conversation!.id));
      await tx.insert(messages).values(
        said.map(([senderId, body], n) => ({
          conversationId: conversation!.id,
          senderId,
          ...toStored(body),
          isRead: true,
          createdAt: at(n),
        })),
      );
      const [payment] = await tx
        .insert(paymentTransactions)
        .values({
          conversationId: conversation!.id,
          paymentIntentId: `pi_seed_${conversation!.id.replaceAll('-', '')}`,
          status: 'succeeded',
          createdAt: at(3),
          ...feeBreakdown(amount),
        })
        .returning();
      const destination = payoutAccounts.get(service.userId);
      await tx.insert(transfers).values({
        paymentTransactionId: payment!.id,
        conversationId: conversation!.id,
        providerId: service.userId,
        amountCents: payoutCents(amount, 0),
        status: destination ? 'paid' : 'held',
        destinationAccountId: destination ?? null,
        stripeTransferId: destination ? `tr_seed_${payment!.id.replaceAll('-', '')}` : null,
        confirmedAt: destination ? new Date(start + 86_400_000) : null,
        createdAt: new Date(start + 86_400_000),
      });
      const [reviewer] = await tx
        .select({ firstName: profiles.firstName })
        .from(profiles)
        .where(eq(profiles.id, clientId));
      await tx.insert(reviews).values({
        serviceId: service.id,
        conversationId: conversation!.id,
        providerId: service.userId,
        reviewerId: clientId,
        rating,
        comment,
        isVerified: true,
        reviewerFirstName: reviewer?.firstName ?? null,
        createdAt: new Date(start + 86_400_000),
      });
    });
  }
}

/**
 * In test mode the demo users have Ready payout accounts (test mode's own), so their seeded jobs show as paid out
 * and a newcomer's payment to them is transferred on confirmation. With Stripe keys they have none: real accounts
 * come only from real onboarding.
 */
async function seedPayoutAccounts(db: Db, userIds: string[], config: Config) {
  const accounts = new Map<string, string>();
  if (config.STRIPE_SECRET_KEY) return accounts;
  for (const userId of userIds) {
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    let accountId = profile?.stripeAccountId ?? null;
    if (!accountId) {
      accountId = `acct_test_seed${userId.replaceAll('-', '').slice(0, 12)}`;
      await db
        .insert(testConnectedAccounts)
        .values({
          id: accountId,
          legalName: 'Demo account',
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: true,
        })
        .onConflictDoNothing();
      await db
        .update(profiles)
        .set({ stripeAccountId: accountId, chargesEnabled: true, payoutsEnabled: true, payoutDetailsSubmitted: true })
        .where(eq(profiles.id, userId));
    }
    accounts.set(userId, accountId);
  }
  return accounts;
}

const emailFor = (u: (typeof DEMO_USERS)[number]) => `${u.firstName}.${u.lastName}@demo.skillnest.test`.toLowerCase();

async function seed() {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'server', url: config.DATABASE_URL }
      : { kind: 'embedded', dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  try {
    await migrateDatabase(database.db);
    await ensureServiceCategories(database.db);
    // Not started: the events of the demo sign-ups wait in the outbox for the server's dispatcher.
    const events = createDomainEvents({ db: database.db, handlers: durableHandlers, live: [], log: console });
    const auth = createAuth({ db: database.db, config, bus: createInProcessEventBus(), events });
    const ids: string[] = [];
    for (const user of DEMO_USERS) {
      const email = emailFor(user);
      const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const id =
        existing?.id ??
        (
          await auth.api.signUpEmail({
            body: {
              email,
              password: DEMO_PASSWORD,
              name: `${user.firstName} ${user.lastName}`,
              ...{
                firstName: user.firstName,
                lastName: user.lastName,
                dateOfBirth: user.dateOfBirth,
                taxResponsibility: true,
              },
            },
          })
        ).user.id;
      await database.db.update(profiles).set({ bio: user.bio, school: user.school }).where(eq(profiles.id, id));
      ids.push(id);
    }
    // Listings are added once: a second seed finds the demo users' services and leaves them be.
    const [existing] = await database.db
      .select({ id: services.id })
      .from(services)
      .where(inArray(services.userId, ids))
      .limit(1);
    if (!existing) {
      await database.db.insert(services).values(demoServices(ids));
      await database.db.insert(serviceRequests).values(demoRequests(ids));
      await seedCompletedWork(database.db, ids, await seedPayoutAccounts(database.db, ids, config));
    }
    const counts = await Promise.all([database.db.$count(services), database.db.$count(serviceRequests)]);
    console.log(`Marketplace now has ${counts[0]} services and ${counts[1]} requests.`);
    // The same uploads folder the server serves (app.ts), so the demo room's picture shows.
    const files = createLocalBlobStore(path.join(config.DATA_DIR, 'uploads'));
    const rooms = await seedRooms(database.db, files, ids);
    console.log(`Added ${rooms} demo chat rooms (${await database.db.$count(chatRooms)} rooms in all).`);
    console.log(`Seeded ${DEMO_USERS.length} demo users (password ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS) console.log(`  ${emailFor(user)}`);
  } finally {
    await database.close();
    unlock();
  }
}

await seed();
