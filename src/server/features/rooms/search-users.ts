import { and, ne, or, ilike, sql } from 'drizzle-orm';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { blockedBetweenSql } from '../blocks/block-rules';

/** LIKE's wildcards and its escape character, taken literally: a search for "50%" finds "50%", not everything. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The invite dialog's search (spec 3, section 2): first or last name, partial and case-insensitive, never the
 * caller, at most 50. Only what a public profile shows: never an email or a date of birth.
 */
export async function searchUsers(deps: { db: Db }, actor: { id: string }, input: { query: string }) {
  const pattern = `%${escapeLike(input.query)}%`;
  return deps.db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
    })
    .from(profiles)
    .where(
      and(
        ne(profiles.id, actor.id),
        or(ilike(profiles.firstName, pattern), ilike(profiles.lastName, pattern)),
        sql`not ${blockedBetweenSql(sql`${profiles.id}`, sql`${actor.id}`)}`,
      ),
    )
    .orderBy(sql`lower(coalesce(${profiles.firstName}, '')), lower(coalesce(${profiles.lastName}, ''))`, profiles.id)
    .limit(ROOM_LIMITS.userSearchResults);
}
