import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { serviceCategories } from '../../db/schema/service-categories';

export function listCategories(db: Db) {
  return db.select().from(serviceCategories).orderBy(asc(serviceCategories.displayOrder));
}
