/**
 * npm run seed: demo accounts so a newcomer sees a living marketplace. Idempotent; run it while the server is
 * stopped (the embedded database allows one process per DATA_DIR: a running server's lock is refused in one line).
 * With DATABASE_URL it may run beside the servers. Later features add their demo rows here.
 */
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { createDomainEvents } from '../events/domain-events';
import { durableHandlers } from '../wiring';
import { createAuth } from '../auth/auth';
import { loadConfig, type Config } from '../config';
import { createInProcessEventBus } from '../realtime/event-bus';
import { ensureServiceCategories } from './categories';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
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
import { mailOutbox } from './schema/mail';
import { profiles } from './schema/profiles';
import { serviceRequests, services } from './schema/services';
import { demoRequests, demoServices } from './seed-marketplace';
import { seedRooms } from './seed-rooms';
import { createLocalBlobStore } from '../files/blob-store';

export const DEMO_PASSWORD = 'Demo-pass-1!';

/**
 * The demo providers, each selling what their bio says (`sells`: the categories of their services). The first five
 * keep their places: the demo rooms (seed-rooms.ts) name members by position. The last has no reviews yet, so the
 * marketplace shows a "New" provider too.
 */
const DEMO_USERS = [
  {
    firstName: 'Maya',
    lastName: 'Chen',
    school: 'Lincoln High School',
    bio: 'Maths and chemistry tutor, aspiring engineer. I also teach Python to beginners.',
    dateOfBirth: '2008-03-14',
    sells: ['Tutoring'],
  },
  {
    firstName: 'Jordan',
    lastName: 'Okafor',
    school: 'Riverside College',
    bio: 'Designer and illustrator: logos, posters, brand kits, and pet portraits on commission.',
    dateOfBirth: '2004-09-02',
    sells: ['Design', 'Arts'],
  },
  {
    firstName: 'Sam',
    lastName: 'Rivera',
    school: 'Westfield Academy',
    bio: 'Web and game developer: React, TypeScript and fast sites, plus Unity prototypes and pixel art.',
    dateOfBirth: '2003-06-21',
    sells: ['Web Development', 'Game Development'],
  },
  {
    firstName: 'Aisha',
    lastName: 'Patel',
    school: 'Northgate University',
    bio: 'Photographer for events, portraits and products. Thrift flips, styling and alterations on the side.',
    dateOfBirth: '2002-11-30',
    sells: ['Photography', 'Fashion'],
  },
  {
    firstName: 'Leo',
    lastName: 'Novak',
    school: 'Lincoln High School',
    bio: 'Guitar and piano lessons, beat making and mixing for your tracks.',
    dateOfBirth: '2007-01-08',
    sells: ['Music'],
  },
  {
    firstName: 'Grace',
    lastName: 'Kim',
    school: 'Hillcrest High School',
    bio: 'Writer and editor; I run the social media of two local shops.',
    dateOfBirth: '2006-05-19',
    sells: ['Writing', 'Marketing and Sales'],
  },
  {
    firstName: 'Lucas',
    lastName: 'Moreau',
    school: 'Northgate University',
    bio: 'Languages student: Spanish and French practice, Mandarin translation, and a reading club for ESL learners.',
    dateOfBirth: '2003-02-11',
    sells: ['Language'],
  },
  {
    firstName: 'Priya',
    lastName: 'Nair',
    school: 'Westfield Academy',
    bio: 'Robotics captain and startup club lead: CAD, 3D printing, Arduino, spreadsheets and pitch decks.',
    dateOfBirth: '2005-08-27',
    sells: ['Engineering and CAD', 'Business'],
  },
  {
    firstName: 'Ben',
    lastName: 'Carter',
    school: 'Riverside College',
    bio: 'Cross-country runner and fitness coach. At weekends I walk dogs, plan events and fix grandparents’ phones.',
    dateOfBirth: '2004-12-03',
    sells: ['Health', 'Other'],
  },
];

/** Which demo user offers a category's services. */
function providerOf(ids: string[]) {
  return (categoryName: string) => {
    const index = DEMO_USERS.findIndex((u) => u.sells.includes(categoryName));
    if (index < 0) throw new Error(`No demo provider sells ${categoryName}`);
    return ids[index]!;
  };
}

/**
 * The finished jobs' reviews: [service title, rating, comment], each service reviewed by different clients. Every
 * provider but the last gets some, with averages that differ.
 */
const DEMO_REVIEWS: [string, number, string][] = [
  [
    'Algebra tutoring',
    5,
    'Maya explained factoring three different ways until it clicked. My test went from a C to a B+.',
  ],
  ['Algebra tutoring', 5, 'Patient and well prepared; she sent practice sheets after every session.'],
  ['Chemistry homework help', 4, 'Moles finally make sense. One session started ten minutes late.'],
  ['Logo design sprint', 5, 'Three drafts in two days and the final logo is on our robotics shirts now.'],
  ['Pet portraits', 4, 'A lovely drawing of our cat; it took a week longer than planned, but worth it.'],
  ['Event posters', 3, 'Nice design, though I had to ask twice for the printable version.'],
  ['Landing page for your club', 5, 'Our chess club finally has a site, and it loads fast on the school Chromebooks.'],
  ['Fix bugs in your React app', 4, 'Found the bug in an hour and wrote down why it happened. Clear and honest.'],
  ['Pixel art sprites', 5, 'The walk cycles are smooth and the palette matches our game perfectly.'],
  ['Graduation portraits', 5, 'Aisha made my whole family relax. The photos look professional.'],
  ['Event photography', 4, 'Great candid shots of our fundraiser; delivery took three days instead of two.'],
  ['Clothing alterations', 5, 'Hemmed my trousers the same afternoon, neat stitching.'],
  ['Guitar lessons', 5, 'I can play four songs after a month. Leo is funny and encouraging.'],
  ['Beat making', 3, 'Good beat, but it needed more revisions than I expected.'],
  ['Essay proofreading', 5, 'Caught mistakes my teacher would have marked, and explained every change.'],
  ['Social media management', 4, 'Our bake sale posts got twice the likes. Replies were a bit slow at weekends.'],
  ['Spanish conversation practice', 5, 'Relaxed and fun; I finally speak without freezing.'],
  ['Translation English to Mandarin', 4, 'Accurate menu translation, returned the next day.'],
  ['3D printing service', 5, 'Printed our team’s bracket twice until it fit. Very careful work.'],
  ['Spreadsheet automation', 4, 'My lawn business spreadsheet now adds up hours by itself. Took one extra call.'],
];

/**
 * Finished jobs between demo users, so cards and profiles open with ratings: each a completed, paid conversation with
 * its messages and the client's review, as the real flow would leave them.
 */
async function seedCompletedWork(
  db: Db,
  userIds: string[],
  payoutAccounts: Map<string, string>,
  offered: { id: string; userId: string; title: string; priceCents: number }[],
) {
  const reviewsOf = new Map<string, Set<string>>();
  for (const [i, [title, rating, comment]] of DEMO_REVIEWS.entries()) {
    const service = offered.find((s) => s.title === title);
    if (!service) continue;
    // Clients taken in turn from the other demo users, so a provider's reviews come from several of them, and never
    // twice the same for one service (one conversation and one review per client and service).
    const reviewedBy = reviewsOf.get(service.id) ?? new Set<string>();
    reviewsOf.set(service.id, reviewedBy);
    const others = userIds.filter((id) => id !== service.userId && !reviewedBy.has(id));
    const clientId = others[(i * 3) % others.length]!;
    reviewedBy.add(clientId);
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
      const start = Date.now() - (DEMO_REVIEWS.length - i + 4) * 86_400_000;
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
      if (!existing) {
        // Demo addresses are verified, and the verification email their sign-up queued never leaves (with SMTP_URL
        // set it would go to made-up addresses).
        await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
        await database.db.delete(mailOutbox).where(eq(mailOutbox.userId, id));
        // Members for a few months, each since a different day, before their first listing and finished job.
        const joined = new Date(Date.now() - (150 - ids.length * 9) * 86_400_000);
        await database.db.update(users).set({ createdAt: joined }).where(eq(users.id, id));
        await database.db.update(profiles).set({ createdAt: joined }).where(eq(profiles.id, id));
      }
      ids.push(id);
    }
    // Listings are added per demo user who has none: a second seed leaves what a user has be, and a demo provider
    // added since gets the services their bio describes, with their finished jobs. (A database seeded before the
    // bios changed keeps its old listings: reset DATA_DIR for the current demo.)
    const stocked = new Set(
      (
        await database.db
          .selectDistinct({ userId: services.userId })
          .from(services)
          .where(inArray(services.userId, ids))
      ).map((row) => row.userId),
    );
    const missing = demoServices(providerOf(ids)).filter((row) => !stocked.has(row.userId));
    if (missing.length > 0) {
      const offered = await database.db.insert(services).values(missing).returning({
        id: services.id,
        userId: services.userId,
        title: services.title,
        priceCents: services.priceCents,
      });
      await seedCompletedWork(database.db, ids, await seedPayoutAccounts(database.db, ids, config), offered);
    }
    if (stocked.size === 0) await database.db.insert(serviceRequests).values(demoRequests(ids));
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

await seed().catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  // The running server holds the embedded database: one line saying what to do, not a stack trace.
  console.error(`Cannot seed now: ${error.message}`);
  process.exitCode = 1;
});
