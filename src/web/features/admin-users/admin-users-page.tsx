import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_USER_LIMITS } from '../../../domain/admin-users';
import { shortDate } from '../../lib/dates';
import { Alert } from '../../ui/alert';
import { BackLink } from '../../ui/back-link';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { LoadMoreButton } from '../../ui/load-more-button';
import { PageContainer } from '../../ui/page';
import { ReasonConfirmButton } from '../../ui/reason-confirm-button';
import { TextField } from '../../ui/text-field';
import { whenSucceeded } from '../../lib/mutation-feedback';
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
import { BanPollDialog } from './ban-poll-dialog';
import { SuspendDialog } from './suspend-dialog';

/**
 * /admin/users (spec 3 section 2), behind RequireAdmin (the server refuses every
 * adminUsers procedure to everyone else): registered users with their newsletter status, role and suspension, and
 * the newsletter-only subscriptions with Export All. Sign-ups, deletions, suspensions and role changes by any admin
 * show without a reload.
 */
export function AdminUsersPage() {
  useAdminUsersEvents();
  return (
    <PageContainer>
      <div className="flex flex-col gap-2">
        <BackLink to="/admin-dashboard" place="Dashboard" />
        <h1 className="text-3xl font-bold">All Users & Subscribers</h1>
      </div>
      <UsersSection />
      <NewsletterOnlySection />
    </PageContainer>
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
      <td className="p-2">{user.suspension ? <SuspensionStatus suspension={user.suspension} /> : 'Active'}</td>
      <td className="p-2">
        <UserActions user={user} />
      </td>
    </tr>
  );
}

/**
 * A suspension's badge with its reason one tap or key press away (a title attribute reaches neither
 * a phone nor a keyboard); a native disclosure, so the cell stays short in a table of many rows.
 */
function SuspensionStatus({ suspension }: { suspension: NonNullable<AdminUser['suspension']> }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant="destructive">
        {suspension.until ? `Suspended until ${shortDate(suspension.until)}` : 'Suspended indefinitely'}
      </Badge>
      <details className="max-w-56 text-sm">
        <summary className="cursor-pointer text-muted-foreground underline-offset-2 hover:underline">Reason</summary>
        <p className="mt-1 break-words whitespace-pre-line">{suspension.reason}</p>
      </details>
    </div>
  );
}

/** Resolves true once the mutation succeeded; its own toasts tell the failure (the dialog then stays open). */
const succeeded = (mutation: Promise<unknown>) => whenSucceeded(mutation, () => true).then((ok) => ok === true);

/**
 * What an admin may do to this user; the server refuses the rest (oneself, deleting or suspending an admin, making
 * a suspended user an admin, a ban poll about an admin), so those are not offered and the reason is shown instead.
 * Every action on the account asks why: the audit log keeps it.
 */
function UserActions({ user }: { user: AdminUser }) {
  const setAdmin = useSetAdmin();
  const unsuspend = useUnsuspendUser();
  if (user.isSelf) {
    return <span className="text-sm text-muted-foreground">Your own account: change it in Settings</span>;
  }
  return (
    <div className="flex flex-wrap gap-2">
      {!user.isAdmin && <DeleteUserButton user={user} />}
      {user.suspension ? (
        <ReasonConfirmButton
          id={`unsuspend-${user.id}`}
          trigger="Lift suspension"
          triggerLabel={`Lift the suspension of ${user.email}`}
          title="Lift the suspension?"
          description={`${user.name} (${user.email}) can sign in again at once, and their services and requests are listed again. Say why: it is written to the audit log.`}
          confirmLabel="Lift suspension"
          busyLabel="Lifting..."
          onConfirm={(reason) => succeeded(unsuspend.mutateAsync({ userId: user.id, reason }))}
        />
      ) : (
        !user.isAdmin && <SuspendDialog user={user} />
      )}
      {user.isAdmin ? (
        <ReasonConfirmButton
          id={`demote-${user.id}`}
          trigger="Remove admin"
          triggerLabel={`Remove admin role from ${user.email}`}
          title="Remove the admin role?"
          description={`${user.name} (${user.email}) loses every admin page and action at once. Say why: it is written to the audit log.`}
          confirmLabel="Remove admin"
          busyLabel="Removing..."
          onConfirm={(reason) => succeeded(setAdmin.mutateAsync({ userId: user.id, admin: false, reason }))}
        />
      ) : (
        !user.suspension && (
          <ReasonConfirmButton
            id={`grant-${user.id}`}
            trigger="Make admin"
            triggerLabel={`Make ${user.email} an admin`}
            title="Make this user an admin?"
            description={`${user.name} (${user.email}) gets every admin page: all members' emails, the newsletter export, deleting and suspending accounts, feedback and reports. Only adults can be admins. Say why: it is written to the audit log.`}
            confirmLabel="Make admin"
            busyLabel="Granting..."
            onConfirm={(reason) => succeeded(setAdmin.mutateAsync({ userId: user.id, admin: true, reason }))}
          />
        )
      )}
      {!user.isAdmin && <BanPollDialog user={user} />}
      {user.isAdmin && (
        <span className="w-full text-xs text-muted-foreground">Remove the admin role to suspend or delete</span>
      )}
    </div>
  );
}

function DeleteUserButton({ user }: { user: AdminUser }) {
  const remove = useDeleteUser();
  return (
    <ReasonConfirmButton
      id={`delete-${user.id}`}
      trigger="Delete"
      triggerLabel={`Delete ${user.email}`}
      triggerVariant="destructive"
      title="Delete User"
      description={`Are you sure you want to delete ${user.email}? Their account, files and content are removed for good and they are signed out everywhere. Their email can sign up again at once: suspend instead to keep someone out. Say why: it is written to the audit log.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      // The toasts are the mutation's (the spec's texts); a failure keeps the dialog open.
      onConfirm={(reason) => succeeded(remove.mutateAsync({ userId: user.id, reason }))}
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
