import { Flag, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { UNCATEGORIZED } from '../../../domain/categories';
import { formatPrice } from '../../../domain/money';
import { POLL_LIMITS, POLL_MESSAGES } from '../../../domain/polls';
import { createPollSchema } from '../../../domain/polls-schemas';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { shortDate } from '../../lib/dates';
import { failureReason, whenSucceeded } from '../../lib/mutation-feedback';
import { Alert } from '../../ui/alert';
import { BackLink } from '../../ui/back-link';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { LoadMoreButton } from '../../ui/load-more-button';
import { PageContainer } from '../../ui/page';
import { Textarea } from '../../ui/textarea';
import { useCreatePoll } from '../moderation/api';
import type { AdminServiceCard } from './admin-services-cache';
import { ReasonConfirmButton } from '../../ui/reason-confirm-button';
import {
  useAdminServices,
  useAdminServicesEvents,
  useDeleteServiceAsAdmin,
  useMarkPollStarted,
  useRestoreService,
  useServiceReports,
} from './api';

/** Spec 3 section 8. */
const refreshFailed = (reason: string) => `Failed to refresh services: ${reason}`;

/**
 * /admin-services (spec 3 section 2), behind RequireAdmin (every procedure it calls is
 * admin-only on the server): every service as a card, flagged (reported) first, with Reports, Poll and Delete, and
 * Restore for a service a passed poll hid. New reports and poll outcomes move the cards live.
 */
export function AdminServicesPage() {
  useAdminServicesEvents();
  const list = useAdminServices();
  const [refreshing, setRefreshing] = useState(false);
  const cards = list.data?.pages.flatMap((page) => page.items) ?? [];

  const refresh = async () => {
    setRefreshing(true);
    try {
      const result = await list.refetch();
      if (result.isError) toast.error(refreshFailed(failureReason(result.error) ?? result.error.message));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-2">
          <BackLink to="/admin-dashboard" place="Dashboard" />
          <h1 className="text-3xl font-bold">All Services</h1>
        </div>
        <Button variant="outline" asChild className="ml-auto">
          <Link to="/admin/reports">Member reports</Link>
        </Button>
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Reported services come first, most reports first. A service hidden by a community poll stays off the listings
        until you delete or restore it.
      </p>
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading services...
        </p>
      ) : !list.data ? (
        // Only when nothing is loaded: a failed Refresh or Load more keeps the grid (its toast, or Load more's own
        // message, says what failed).
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>
              {SERVICE_MESSAGES.loadFailed(failureReason(list.error) ?? list.error?.message ?? 'Unknown error')}
            </span>
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : cards.length === 0 ? (
        <p className="text-muted-foreground">No services yet.</p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="All services">
            {cards.map((card) => (
              <li key={card.id}>
                <ServiceAdminCard card={card} />
              </li>
            ))}
          </ul>
          {list.isFetchNextPageError && (
            <p role="alert" className="self-center text-sm text-destructive">
              {SERVICE_MESSAGES.loadFailed(failureReason(list.error) ?? list.error?.message ?? 'Unknown error')}
            </p>
          )}
          <LoadMoreButton listing={list} />
        </>
      )}
    </PageContainer>
  );
}

function ServiceAdminCard({ card }: { card: AdminServiceCard }) {
  const headingId = `admin-service-${card.id}`;
  const flagged = card.reportCount > 0;
  return (
    <Card
      className={`flex h-full flex-col gap-3 p-4 ${flagged ? 'border-destructive' : ''}`}
      aria-labelledby={headingId}
      data-testid="admin-service-card"
    >
      {card.imageUrl && (
        <img src={card.imageUrl} alt="" className="aspect-video w-full rounded-md object-cover" loading="lazy" />
      )}
      <div className="flex flex-wrap gap-1">
        {/* Outline with a red edge: white on the destructive red fails contrast in dark mode (axe). */}
        <Badge variant="outline" className={flagged ? 'border-2 border-destructive' : ''} data-testid="report-count">
          <Flag className={`h-3 w-3 ${flagged ? 'text-destructive' : ''}`} aria-hidden />
          {card.reportCount} {card.reportCount === 1 ? 'report' : 'reports'}
        </Badge>
        {card.hasActivePoll && <Badge variant="warning">Poll active</Badge>}
        {card.hiddenAt && <Badge variant="default">Hidden</Badge>}
      </div>
      <h2 id={headingId} className="text-lg font-semibold break-words">
        <Link
          to={`/services/${card.id}`}
          className="underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {card.title}
        </Link>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Owner</dt>
        <dd className="break-words">{card.ownerName}</dd>
        <dt className="text-muted-foreground">Category</dt>
        <dd>{card.category ?? UNCATEGORIZED}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd className="font-semibold">{formatPrice(card.priceCents, card.pricingType)}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{shortDate(card.createdAt)}</dd>
      </dl>
      {card.hiddenAt && (
        <p className="text-sm text-muted-foreground">
          Hidden since {shortDate(card.hiddenAt)} after a community poll passed.
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <ReportsButton card={card} />
        <PollButton card={card} />
        {card.hiddenAt && <RestoreButton card={card} />}
        <DeleteButton card={card} />
      </div>
    </Card>
  );
}

function ReportsButton({ card }: { card: AdminServiceCard }) {
  const [open, setOpen] = useState(false);
  const reports = useServiceReports(card.id, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Reports for ${card.title}`}>
          Reports
        </Button>
      </DialogTrigger>
      <DialogContent title="Reports" description={card.title}>
        {reports.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading reports...
          </p>
        ) : reports.isError ? (
          <p role="alert" className="text-destructive">
            {POLL_MESSAGES.reportsLoadFailed}
          </p>
        ) : reports.data.length === 0 ? (
          <p className="text-muted-foreground">No reports for this service.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Reports">
            {reports.data.map((report) => (
              <li key={report.id} className="flex flex-col gap-1 border-b pb-3 last:border-0">
                <span className="font-medium">{report.reason}</span>
                {report.description && (
                  <span className="text-sm break-words whitespace-pre-line">{report.description}</span>
                )}
                <span className="text-xs text-muted-foreground">
                  {report.reporterName} · {shortDate(report.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PollButton({ card }: { card: AdminServiceCard }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreatePoll();
  const markStarted = useMarkPollStarted();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The reason is required (spec 2 section 5); the server parses the same schema.
    const parsed = createPollSchema.safeParse({
      pollType: 'service_deletion',
      serviceId: card.id,
      title,
      description: reason,
    });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'description')?.message ?? POLL_MESSAGES.reasonRequired);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (poll) => {
        markStarted(card.id, poll.id);
        setOpen(false);
        setTitle('');
        setReason('');
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        {/*
          Disabled while a poll runs (spec 3 section 2) and while hidden (it waits for an admin: another vote would
          decide nothing); the server refuses both anyway.
        */}
        <Button
          variant="outline"
          size="sm"
          disabled={card.hasActivePoll || card.hiddenAt !== null}
          aria-label={`Poll about ${card.title}`}
        >
          Poll
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Start a community poll"
        description={`Members vote for 7 days on removing "${card.title}". A passed poll hides it until an admin decides.`}
      >
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <FormField id={`poll-title-${card.id}`} label="Title (optional)">
            <Input
              id={`poll-title-${card.id}`}
              value={title}
              maxLength={POLL_LIMITS.titleMax}
              placeholder={`Remove service: ${card.title}`}
              onChange={(e) => setTitle(e.target.value)}
            />
          </FormField>
          <FormField id={`poll-reason-${card.id}`} label="Reason" error={error}>
            <Textarea
              value={reason}
              maxLength={POLL_LIMITS.descriptionMax}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              {...fieldErrorProps(`poll-reason-${card.id}`, error)}
            />
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Starting...' : 'Start Poll'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RestoreButton({ card }: { card: AdminServiceCard }) {
  const restore = useRestoreService();
  return (
    <ReasonConfirmButton
      id={`restore-${card.id}`}
      trigger="Restore"
      triggerLabel={`Restore ${card.title}`}
      title="Restore this service?"
      description={`"${card.title}" by ${card.ownerName} is listed again and its passed poll is settled. Say why: it is written to the audit log.`}
      confirmLabel="Restore"
      busyLabel="Restoring..."
      onConfirm={async (reason) =>
        (await whenSucceeded(restore.mutateAsync({ serviceId: card.id, reason }), () => true)) === true
      }
    />
  );
}

function DeleteButton({ card }: { card: AdminServiceCard }) {
  const remove = useDeleteServiceAsAdmin();
  return (
    <ReasonConfirmButton
      id={`delete-${card.id}`}
      trigger="Delete"
      triggerLabel={`Delete ${card.title}`}
      title="Delete this service?"
      description={`"${card.title}" by ${card.ownerName} and its image are removed for good. Conversations about it stay. Say why: it is written to the audit log.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={async (reason) =>
        (await whenSucceeded(remove.mutateAsync({ serviceId: card.id, reason }), () => true)) === true
      }
    />
  );
}
