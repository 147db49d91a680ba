import { sql } from 'drizzle-orm';
import { AUDIT_LIMITS } from '../../../domain/audit';
import { displayName } from '../../../domain/user-summary';
import type { Db } from '../../db/database';

/**
 * audit.actors (admins only, checked by the router): everyone who has acted in the log, former admins included (their
 * entries stay), by name. The distinct actors are read by a loose index scan over audit_events_actor_created_idx (one
 * index probe per actor, a recursive query), not by reading every entry: the log only grows.
 */
export async function listAuditActors(deps: { db: Db }, _admin: { id: string }) {
  const { rows } = await deps.db.execute<{
    id: string;
    account_name: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(sql`
    with recursive actor as (
      (select actor_id from audit_events where actor_id is not null order by actor_id limit 1)
      union all
      select (select a.actor_id from audit_events a where a.actor_id > actor.actor_id order by a.actor_id limit 1)
      from actor
      where actor.actor_id is not null
    )
    select actor.actor_id as id, u.name as account_name, p.first_name, p.last_name
    from (select actor_id from actor where actor_id is not null limit ${AUDIT_LIMITS.actorsMax}) actor
    left join users u on u.id = actor.actor_id
    left join profiles p on p.id = actor.actor_id
  `);
  return rows
    .map((r) => ({
      id: r.id,
      name:
        r.first_name || r.last_name || !r.account_name
          ? displayName({ firstName: r.first_name, lastName: r.last_name })
          : r.account_name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
