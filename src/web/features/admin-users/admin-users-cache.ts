import type { InfiniteData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type AdminUsersPage = Outputs['adminUsers']['list'];
export type AdminUser = AdminUsersPage['items'][number];
export type AdminUsersData = InfiniteData<AdminUsersPage, AdminUsersPage['nextCursor'] | null | undefined>;
/** What adminUsers.events delivers (the server's AdminUsersStreamEvent, as the router types it). */
export type AdminUsersEvent =
  Outputs['adminUsers']['events'] extends AsyncIterable<infer E> ? (E extends { data: infer D } ? D : E) : never;

const has = (data: AdminUsersData, userId: string) => data.pages.some((p) => p.items.some((u) => u.id === userId));

/** The loaded row of a user, if any page holds it. */
export function findUser(data: AdminUsersData | undefined, userId: string): AdminUser | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.items.find((u) => u.id === userId);
    if (found) return found;
  }
  return undefined;
}

/**
 * One live event (or a mutation's answer) applied to a loaded users list: a changed row replaces its old copy; a
 * row not loaded yet goes on top of the first page when it is newer than every loaded row (a sign-up) and the list
 * is not a search (the server decides what a search matches); a removed account leaves. Pages keep their cursors:
 * the next page still starts after the same row.
 */
export function applyUserEvent(
  data: AdminUsersData,
  event: AdminUsersEvent,
  { searching }: { searching: boolean },
): AdminUsersData {
  if (event.type === 'user-removed') {
    if (!has(data, event.userId)) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, items: p.items.filter((u) => u.id !== event.userId) })),
    };
  }
  const user = event.user;
  if (has(data, user.id)) {
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, items: p.items.map((u) => (u.id === user.id ? user : u)) })),
    };
  }
  const [first, ...rest] = data.pages;
  if (searching || !first) return data;
  const newest = first.items[0];
  if (newest && newest.joinedAt > user.joinedAt) return data;
  return { ...data, pages: [{ ...first, items: [user, ...first.items] }, ...rest] };
}

/**
 * A loaded row as an admin's own action left it (a role change, a suspension or its end), from what the action's
 * answer and input say: the row's live event, which carries the whole row, may come later. The same data when no
 * page holds the user.
 */
export function patchUser(
  data: AdminUsersData,
  userId: string,
  patch: Partial<Pick<AdminUser, 'isAdmin' | 'suspension'>>,
): AdminUsersData {
  if (!has(data, userId)) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, items: p.items.map((u) => (u.id === userId ? { ...u, ...patch } : u)) })),
  };
}
