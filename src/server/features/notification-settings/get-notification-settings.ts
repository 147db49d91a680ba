import type { Db } from '../../db/database';
import { loadNotificationSettings } from './load-notification-settings';

/** The member's own choices, for Settings (with whether the minors' email rule applies to them). */
export async function getNotificationSettings(deps: { db: Db }, actor: { id: string }) {
  return loadNotificationSettings(deps.db, actor.id);
}
