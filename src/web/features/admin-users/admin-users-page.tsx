import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_USER_LIMITS } from '../../../domain/admin-users';
import { shortDate } from '../../lib/dates';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-button';
import { DataTable } from '../../ui/data-table';
import { LoadMoreButton } from '../../ui/load-more-button';
import { TextField } from '../../ui/text-field';
import type { AdminUser } from './admin-users-cache';
import {
  useAdminUsers,
  useAdminUsersEvents,
  useDeleteUser,
  useExportNewsletter,
  useNewsletterOnly,
  useSetAdmin,
  useUnsuspendUser,
} from './api';
import { SuspendDialog } from './suspend-dialog';

/**
 * /admin/users (spec 3 section 2; issue 15 items 6 and 9), behind RequireAdmin (the server refuses every
 * adminUsers procedure to everyone else): registered users with their newsletter status, role and suspension, and
 * the newsletter-only subscriptions with Export All. Sign-ups, deletions, suspensions and role changes by any admin
 * show without a reload.
 */
export function AdminUsersPage() {
  useAdminUsersEvents();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">All Users & Subscribers</h1>
        <Button variant="outline" asChild>
          <Link to="/admin-dashboard">Back to Dashboard</Link>
        </Button>
      </div>
      <UsersSection />
      <NewsletterOnlySection />
    </div>
  );
}

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
      aria-label={title}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

const USER_HEADERS = ['Name', 'Email', 'Joined', 'Last sign-in', 'Newsletter', 'Role', 'Status', 'Actions'];

/** What a search box holds, sent once typing pauses (a request per key would be wasted on a school network). */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function UsersSection() {
  // A link may carry a search (the dashboard's "Review member" names the member by id).
  const [params] = useSearchParams();
  const [typed, setTyped] = useState(() => (params.get('search') ?? '').slice(0, ADMIN_USER_LIMITS.searchMax));
  const search = useSettled(typed.trim());
  const users = useAdminUsers(search);
  const rows = users.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Section title="Registered Users">
      <div className="max-w-sm">
        <TextField
          id="admin-users-search"
          label="Search by name or email"
          type="search"
          maxLength={ADMIN_USER_LIMITS.searchMax}
          value={typed}
          onValueChange={setTyped}
        />
      </div>
      {users.isPending ? (
        <p className="text-muted-foreground" role="status">
          Loading users...
        </p>
      ) : users.isError ? (
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>Failed to load users: {users.error.message}</span>
            <Button size="sm" variant="outline" onClick={() => void users.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">{search ? 'No users match your search' : 'No users yet'}</p>
      ) : (
        <>
          <DataTable label="Registered users" headers={USER_HEADERS} minWidth="min-w-[64rem]">
            {rows.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </DataTable>
          <LoadMoreButton listing={users} />
        </>
      )}
    </Section>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  return (
    <tr className="border-b align-top last:border-0" data-testid="admin-user-row">
      <td className="p-2 font-medium break-words">
        {user.name}
        {user.isSelf && <span className="ml-1 text-muted-foreground">(you)</span>}
      </td>
      <td className="p-2 break-all">{user.email}</td>
      <td className="p-2 whitespace-nowrap">{shortDate(user.joinedAt)}</td>
      <td className="p-2 whitespace-nowrap">{user.lastSignInAt ? shortDate(user.lastSignInAt) : 'Never'}</td>
      <td className="p-2 whitespace-nowrap">
        {user.subscribed ? (
          <Badge variant="success">Subscribed</Badge>
        ) : (
          <Badge variant="outline">Not subscribed</Badge>
        )}
      </td>
      <td className="p-2 whitespace-nowrap">{user.isAdmin ? <Badge variant="gold">Admin</Badge> : 'Member'}</td>
      <td className="p-2">
        {user.suspension ? (
          <Badge variant="destructive" title={user.suspension.reason}>
            {user.suspension.until ? `Suspended until ${shortDate(user.suspension.until)}` : 'Suspended indefinitely'}
          </Badge>
        ) : (
          'Active'
        )}
      </td>
      <td className="p-2">
        <UserActions user={user} />
      </td>
    </tr>
  );
}

/**
 * What an admin may do to this user; the server refuses the rest (oneself, suspending an admin, making a suspended
 * user an admin), so those are not offered and the reason is shown instead.
 */
function UserActions({ user }: { user: AdminUser }) {
  const setAdmin = useSetAdmin();
  const unsuspend = useUnsuspendUser();
  if (user.isSelf) {
    return <span className="text-sm text-muted-foreground">Your own account: change it in Settings</span>;
  }
  return (
    <div className="flex flex-wrap gap-2">
      <DeleteUserButton user={user} />
      {user.suspension ? (
        <Button
          size="sm"
          variant="outline"
          disabled={unsuspend.isPending}
          aria-label={`Lift the suspension of ${user.email}`}
          onClick={() => unsuspend.mutate({ userId: user.id })}
        >
          Lift suspension
        </Button>
      ) : (
        !user.isAdmin && <SuspendDialog user={user} />
      )}
      {user.isAdmin ? (
        <Button
          size="sm"
          variant="outline"
          disabled={setAdmin.isPending}
          aria-label={`Remove admin role from ${user.email}`}
          onClick={() => setAdmin.mutate({ userId: user.id, admin: false })}
        >
          Remove admin
        </Button>
      ) : (
        !user.suspension && (
          <Button
            size="sm"
            variant="outline"
            disabled={setAdmin.isPending}
            aria-label={`Make ${user.email} an admin`}
            onClick={() => setAdmin.mutate({ userId: user.id, admin: true })}
          >
            Make admin
          </Button>
        )
      )}
      {user.isAdmin && <span className="w-full text-xs text-muted-foreground">Remove the admin role to suspend</span>}
    </div>
  );
}

function DeleteUserButton({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteUser();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete User"
      description={`Are you sure you want to delete ${user.email}? Their account, files and content are removed for good and they are signed out everywhere. This is written to the audit log.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      trigger={
        <Button size="sm" variant="destructive" aria-label={`Delete ${user.email}`}>
          Delete
        </Button>
      }
      onConfirm={async () => {
        // The toasts are the mutation's; a failure keeps the dialog open.
        await remove.mutateAsync({ userId: user.id }).then(
          () => setOpen(false),
          () => undefined,
        );
      }}
    />
  );
}

function NewsletterOnlySection() {
  const subscribers = useNewsletterOnly();
  const exporter = useExportNewsletter();
  const rows = subscribers.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Section
      title="Newsletter-Only Subscriptions"
      actions={
        <Button variant="outline" disabled={exporter.isPending} onClick={() => exporter.mutate()}>
          {exporter.isPending ? 'Exporting...' : 'Export All'}
        </Button>
      }
    >
      {subscribers.isPending ? (
        <p className="text-muted-foreground" role="status">
          Loading subscribers...
        </p>
      ) : subscribers.isError ? (
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>Failed to load subscribers: {subscribers.error.message}</span>
            <Button size="sm" variant="outline" onClick={() => void subscribers.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">No newsletter-only subscribers</p>
      ) : (
        <>
          <DataTable label="Newsletter-only subscriptions" headers={['Email', 'Subscribed', 'Type']}>
            {rows.map((s) => (
              <tr key={s.id} className="border-b last:border-0" data-testid="newsletter-only-row">
                <td className="p-2 break-all">{s.email}</td>
                <td className="p-2 whitespace-nowrap">{shortDate(s.subscribedAt)}</td>
                <td className="p-2">
                  <Badge variant="outline">Newsletter Only</Badge>
                </td>
              </tr>
            ))}
          </DataTable>
          <LoadMoreButton listing={subscribers} />
        </>
      )}
    </Section>
  );
}
