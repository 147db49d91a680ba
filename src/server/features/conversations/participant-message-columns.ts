import { getTableColumns, sql } from 'drizzle-orm';
import { messages } from '../../db/schema/conversations';

const { originalText, ...readable } = getTableColumns(messages);

/**
 * A message's columns as participants read them: the original of hidden contact details stays out of every answer
 * (only the admin view reads it), and `detailsHidden` tells the sender their details were hidden.
 */
export const participantMessageColumns = {
  ...readable,
  detailsHidden: sql<boolean>`${originalText} is not null`.as('details_hidden'),
};
