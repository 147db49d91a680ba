import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { AUDIT_TEXTS, auditActionLabel } from '../../../domain/audit';
import { FEEDBACK_MESSAGES, responsePreview } from '../../../domain/feedback';
import { formatPrice } from '../../../domain/money';
import { displayName } from '../../../domain/user-summary';
import { shortDate } from '../../lib/dates';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmButton } from '../../ui/confirm-button';
import { DataTable } from '../../ui/data-table';
import { PageContainer } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useResetConversation } from '../conversations/api';
import { useAdminFeedbackEvents } from '../feedback/api';
import { TruncatedTitle } from '../feedback/truncated-title';
import { useDeleteServiceAsAdmin, useDismissPoll, useRestoreService } from '../admin-services/api';
import { ReasonConfirmButton } from '../../ui/reason-confirm-button';
import {
  useAdminDashboard,
  useDashboardFeedback,
  useDashboardUsersLive,
  useDropPassedPoll,
  type AdminDashboard,
} from './api';

const ADMIN_LINKS = [
  { to: '/admin-services', label: 'All Services' },
  { to: '/admin/reports', label: 'Member Reports' },
  { to: '/admin/users', label: 'All Users & Subscribers' },
  { to: '/admin-feedback', label: 'Feedback Management' },
  { to: '/stripe-test-suite', label: 'Stripe Test Suite' },
  { to: '/admin/audit', label: 'Audit Log' },
  { to: '/admin/schools', label: 'Schools' },
] as const;

const POLL_TYPE_LABELS = { service_deletion: 'Service deletion', user_ban: 'User ban' } as const;

/**
 * /admin-dashboard (spec 3 section 2): what needs an admin's attention at a glance, behind
 * RequireAdmin (the server refuses admin.dashboard to everyone else). Feedback stays live; the rest is a snapshot
 * the Refresh button reads again.
 */
export function AdminDashboardPage() {
  // New feedback and resolutions by any admin reach the feedback section without a reload.
  useAdminFeedbackEvents();
  // Sign-ups and account changes reach the recent users the same way.
  useDashboardUsersLive();
  const dashboard = useAdminDashboard();
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Admin Dashboard</h1>
        <Button variant="outline" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
          {dashboard.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <nav aria-label="Admin tools" className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:flex md:flex-wrap">
        {ADMIN_LINKS.map((link) => (
          <Button key={link.to} variant="outline" asChild className="h-auto justify-start py-3">
            <Link to={link.to}>{link.label}</Link>
          </Button>
        ))}
      </nav>
      {dashboard.isPending ? (
        <p className="text-muted-foreground" role="status">
          Loading dashboard...
        </p>
      ) : dashboard.isError ? (
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>Failed to load the dashboard: {dashboard.error.message}</span>
            <Button size="sm" variant="outline" onClick={() => void dashboard.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : (
        <Sections data={dashboard.data} seededAt={dashboard.dataUpdatedAt} />
      )}
      <ResetConversationSection />
    </PageContainer>
  );
}

function Sections({ data, seededAt }: { data: AdminDashboard; seededAt: number }) {
  return (
    <>
      {data.passedPolls.length > 0 && <PassedPollsSection polls={data.passedPolls} />}
      <ServicesSection services={data.services} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <UsersSection users={data.users} />
        <SubscribersSection subscribers={data.newsletterOnly} />
      </div>
      <FeedbackSection seed={data.feedback} seededAt={seededAt} />
      <AuditSection entries={data.audit} />
    </>
  );
}

function Section({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{title}</h2>
        {link && (
          <Link
            to={link.to}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-muted-foreground">{children}</p>;

function PassedPollsSection({ polls }: { polls: AdminDashboard['passedPolls'] }) {
  return (
    <Section title="Polls awaiting an admin">
      <p className="mb-2 text-sm text-muted-foreground">
        These community polls passed. Nothing is removed by a vote alone: a service stays hidden until you delete or
        restore it; a member is only flagged until you suspend them or dismiss the poll.
      </p>
      <DataTable label="Polls awaiting an admin" headers={['Title', 'Type', 'Closed', 'Actions']}>
        {polls.map((poll) => (
          <tr key={poll.id} className="border-b align-top last:border-0">
            <td className="p-2 font-medium break-words">{poll.title}</td>
            <td className="p-2 whitespace-nowrap">{POLL_TYPE_LABELS[poll.pollType]}</td>
            <td className="p-2 whitespace-nowrap">{shortDate(poll.closedAt)}</td>
            <td className="p-2">
              <PassedPollActions poll={poll} />
            </td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}

/**
 * What settles a passed poll: the service deleted or restored, or the member suspended or the poll dismissed. Each
 * decision asks why in its confirmation (the audit log keeps it); the row leaves once the server agreed.
 */
function PassedPollActions({ poll }: { poll: AdminDashboard['passedPolls'][number] }) {
  const drop = useDropPassedPoll();
  const restore = useRestoreService();
  const remove = useDeleteServiceAsAdmin();
  const dismiss = useDismissPoll();
  const settle = async (mutation: Promise<unknown>) =>
    (await whenSucceeded(mutation, () => {
      drop(poll.id);
      return true;
    })) === true;
  if (poll.serviceId) {
    const serviceId = poll.serviceId;
    return (
      <div className="flex flex-wrap gap-2">
        <ReasonConfirmButton
          id={`restore-poll-${poll.id}`}
          trigger="Restore"
          triggerLabel={`Restore the service of ${poll.title}`}
          title="Restore this service?"
          description="The service is listed again and this poll is settled. Say why: it is written to the audit log."
          confirmLabel="Restore"
          busyLabel="Restoring..."
          onConfirm={(reason) => settle(restore.mutateAsync({ serviceId, reason }))}
        />
        <ReasonConfirmButton
          id={`delete-poll-${poll.id}`}
          trigger="Delete service"
          triggerLabel={`Delete the service of ${poll.title}`}
          title="Delete this service?"
          description="The service and its image are removed for good. Say why: it is written to the audit log."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          onConfirm={(reason) => settle(remove.mutateAsync({ serviceId, reason }))}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" asChild>
        <Link
          to={`/admin/users?search=${encodeURIComponent(poll.targetUserId ?? '')}`}
          aria-label={`Review the member of ${poll.title}`}
        >
          Review member
        </Link>
      </Button>
      <ReasonConfirmButton
        id={`dismiss-poll-${poll.id}`}
        trigger="Dismiss"
        triggerLabel={`Dismiss ${poll.title}`}
        title="Dismiss this poll?"
        description="The member is not suspended and the poll leaves this list. Say why: it is written to the audit log."
        confirmLabel="Dismiss"
        busyLabel="Dismissing..."
        onConfirm={(reason) => settle(dismiss.mutateAsync({ pollId: poll.id, reason }))}
      />
    </div>
  );
}

function ServicesSection({ services }: { services: AdminDashboard['services'] }) {
  return (
    <Section title="Services" link={{ to: '/admin-services', label: 'View all services' }}>
      {services.length === 0 ? (
        <Empty>No services yet.</Empty>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((s) => (
            <li key={s.id} className="flex flex-col gap-1 rounded-lg border p-3">
              <Link
                to={`/services/${s.id}`}
                className="font-medium break-words underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {s.title}
              </Link>
              <span className="text-sm text-muted-foreground">by {s.ownerName}</span>
              <span className="text-sm">{s.category ?? 'Uncategorized'}</span>
              <span className="text-sm font-semibold">{formatPrice(s.priceCents, s.pricingType)}</span>
              <div className="mt-1 flex flex-wrap gap-1">
                {s.reportCount > 0 && (
                  <Badge variant="destructive">
                    {s.reportCount} {s.reportCount === 1 ? 'report' : 'reports'}
                  </Badge>
                )}
                {s.hasActivePoll && <Badge variant="warning">Poll active</Badge>}
                {s.hiddenAt && <Badge variant="outline">Hidden</Badge>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function UsersSection({ users }: { users: AdminDashboard['users'] }) {
  return (
    <Section title="Recent users" link={{ to: '/admin/users', label: 'View all users' }}>
      {users.length === 0 ? (
        <Empty>No users yet.</Empty>
      ) : (
        <DataTable label="Recent users" headers={['Name', 'Email', 'Joined', 'Last sign-in']}>
          {users.map((u) => (
            <tr key={u.id} className="border-b last:border-0">
              <td className="p-2 font-medium break-words">{u.name}</td>
              <td className="p-2 break-all">{u.email}</td>
              <td className="p-2 whitespace-nowrap">{shortDate(u.joinedAt)}</td>
              <td className="p-2 whitespace-nowrap">{u.lastSignInAt ? shortDate(u.lastSignInAt) : 'Never'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function SubscribersSection({ subscribers }: { subscribers: AdminDashboard['newsletterOnly'] }) {
  return (
    <Section title="Newsletter-only subscribers" link={{ to: '/admin/users', label: 'View all subscribers' }}>
      {subscribers.length === 0 ? (
        <Empty>No newsletter-only subscribers.</Empty>
      ) : (
        <ul className="flex flex-col gap-2">
          {subscribers.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-0">
              <span className="break-all">{s.email}</span>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                {shortDate(s.subscribedAt)}
                <Badge variant="outline">Newsletter Only</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function FeedbackSection({ seed, seededAt }: { seed: AdminDashboard['feedback']; seededAt: number }) {
  const list = useDashboardFeedback(seed, seededAt);
  return (
    <Section title="Unresolved feedback" link={{ to: '/admin-feedback', label: 'Manage feedback' }}>
      {list.isError ? (
        <Alert variant="destructive">{FEEDBACK_MESSAGES.loadFailed}</Alert>
      ) : list.data.items.length === 0 ? (
        <Empty>No unresolved feedback.</Empty>
      ) : (
        <DataTable label="Unresolved feedback" headers={['Title', 'From', 'Submitted', 'Response']}>
          {list.data.items.map((item) => {
            const preview = responsePreview(item.adminResponse);
            return (
              <tr key={item.id} className="border-b align-top last:border-0">
                <td className="p-2 font-medium">
                  <TruncatedTitle title={item.title} />
                </td>
                <td className="p-2">
                  {displayName({ firstName: item.authorFirstName, lastName: item.authorLastName })}
                </td>
                <td className="p-2 whitespace-nowrap">{shortDate(item.createdAt)}</td>
                <td className="max-w-xs p-2 break-words">
                  {preview ?? <span className="text-muted-foreground">None yet</span>}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Section>
  );
}

function AuditSection({ entries }: { entries: AdminDashboard['audit'] }) {
  return (
    <Section title="Latest audit entries" link={{ to: '/admin/audit', label: 'View the audit log' }}>
      {entries.length === 0 ? (
        <Empty>Nothing recorded yet.</Empty>
      ) : (
        <DataTable label="Latest audit entries" headers={['Action', 'By', 'Subject', 'When']}>
          {entries.map((e) => (
            <tr key={e.id} className="border-b last:border-0">
              <td className="p-2">{auditActionLabel(e.action)}</td>
              <td className="p-2">{e.actorName ?? AUDIT_TEXTS.serverActor}</td>
              <td className="p-2 font-mono text-xs break-all">{e.subjectId ?? '-'}</td>
              <td className="p-2 whitespace-nowrap">{shortDate(e.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

const conversationId = z.uuid();

/**
 * Spec 3 section 2's "reset chat pricing and progress", behind a confirmation: here it resets one conversation
 * (conversations.reset), named by its id, since a reset of every chat at once would undo every member's deal.
 */
function ResetConversationSection() {
  const [id, setId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = useResetConversation();
  const valid = conversationId.safeParse(id.trim()).success;
  return (
    <Section title="Reset chat pricing and progress">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            id="reset-conversation-id"
            label="Conversation ID"
            value={id}
            maxLength={36}
            autoComplete="off"
            spellCheck={false}
            error={error}
            onValueChange={(value) => {
              setId(value);
              setError(undefined);
            }}
            onBlur={() => {
              if (id.trim() !== '' && !valid) setError('Enter a conversation ID');
            }}
          />
        </div>
        {valid ? (
          <ConfirmButton
            trigger="Reset pricing and progress"
            title="Reset this conversation?"
            description="The agreed price, proposals and progress are cleared and the parties negotiate again. Both see a notice."
            confirmLabel="Reset"
            busyLabel="Resetting..."
            onConfirm={() => whenSucceeded(reset.mutateAsync({ id: id.trim() }), () => setId(''))}
          />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setError('Enter a conversation ID')}>
            Reset pricing and progress
          </Button>
        )}
      </div>
    </Section>
  );
}
