import { sql } from 'drizzle-orm';
import { QUESTS } from '../../../domain/progression/quests';
import type { Db, Tx } from '../../db/database';
import { quests } from '../../db/schema/progression';

/**
 * The quests table is the domain's QUESTS: every slug present with its current title, XP and min_level. Run at
 * every server start (startProgression), and by the award engine if it ever finds a quest missing. Quests no longer
 * in the list stay (a user's completion of one stays theirs) but are never completed again.
 */
export async function ensureQuests(db: Db | Tx): Promise<void> {
  await db
    .insert(quests)
    .values(QUESTS.map(({ slug, title, xp, minLevel }) => ({ slug, title, xp, minLevel })))
    .onConflictDoUpdate({
      target: quests.slug,
      set: { title: sql`excluded.title`, xp: sql`excluded.xp`, minLevel: sql`excluded.min_level` },
    });
}
