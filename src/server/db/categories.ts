import { sql } from 'drizzle-orm';
import { SERVICE_CATEGORIES } from '../../domain/categories';
import type { Db } from './database';
import { serviceCategories } from './schema/service-categories';

/** The 15 fixed categories always exist with their current names, colours and order. */
export async function ensureServiceCategories(db: Db): Promise<void> {
  await db
    .insert(serviceCategories)
    .values(
      SERVICE_CATEGORIES.map(({ id, name, description, color, icon, displayOrder }) => ({
        id,
        name,
        description,
        color,
        icon,
        displayOrder,
      })),
    )
    .onConflictDoUpdate({
      target: serviceCategories.id,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        color: sql`excluded.color`,
        icon: sql`excluded.icon`,
        displayOrder: sql`excluded.display_order`,
      },
    });
}
