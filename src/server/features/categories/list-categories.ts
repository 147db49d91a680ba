import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { serviceCategories } from '../../db/schema/service-categories';

export function listCategories(deps: { db: Db }, _actor: { id: string } | null, _input: object = {}) {
  return deps.db.select().from(serviceCategories).orderBy(asc(serviceCategories.displayOrder));
}
