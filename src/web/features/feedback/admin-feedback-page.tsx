import { ChevronDown } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  feedbackResponseSchema,
  type FeedbackAdminStatus,
} from '../../../domain/feedback';
import { displayName } from '../../../domain/user-summary';
import { shortDate } from '../../lib/dates';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Alert } from '../../ui/alert';
import { BackLink } from '../../ui/back-link';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { PageContainer } from '../../ui/page';
import { TextAreaField } from '../../ui/text-field';
import { useAdminFeedback, useAdminFeedbackEvents, useResolveFeedback, useRespondToFeedback } from './api';
import { FeedbackStatusBadge } from './feedback-status-badge';
import { TruncatedTitle } from './truncated-title';

/** /admin-feedback (spec 3 section 2): answer and resolve feedback; behind RequireAdmin. */
export function AdminFeedbackPage() {
  // New items, answers and resolutions by any admin appear in both tables without a reload.
  useAdminFeedbackEvents();
  return (
    <PageContainer>
      <div className="flex flex-col gap-2">
        <BackLink to="/admin-dashboard" place="Dashboard" />
        <h1 className="text-3xl font-bold">Feedback Management</h1>
      </div>
      <FeedbackTable status="unresolved" title="Unresolved Feedback" />
      <FeedbackTable status="resolved" title="Resolved Feedback" />
    </PageContainer>
  );
}

const FEEDBACK_HEADERS = ['Title', 'Category', 'From', 'Submitted', 'Message', 'Response', 'Status', 'Actions'];

function FeedbackTable({ status, title }: { status: FeedbackAdminStatus; title: string }) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const list = useAdminFeedback(status);
  const count = list.data ? `${list.data.items.length}${list.data.hasMore ? '+' : ''}` : null;
  return (
    <section className="rounded-xl border bg-card shadow-sm" aria-label={title}>
      <h2>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-2 rounded-xl p-4 text-left text-xl font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>
            {title}
            {count !== null && <span className="ml-2 text-base font-normal text-muted-foreground">({count})</span>}
          </span>
          <ChevronDown className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4">
        {list.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : list.isError ? (
          <Alert variant="destructive">{FEEDBACK_MESSAGES.loadFailed}</Alert>
        ) : list.data.items.length === 0 ? (
          <p className="text-muted-foreground">No feedback here.</p>
        ) : (
          <div>
            <DataTable label={title} headers={FEEDBACK_HEADERS} minWidth="min-w-[40rem]">
              {list.data.items.map((item) => (
                <tr key={item.id} className="border-b align-top last:border-0">
                  <td className="p-2 font-medium">
                    <TruncatedTitle title={item.title} />
                  </td>
                  <td className="p-2 whitespace-nowrap">{item.category}</td>
                  <td className="p-2">
                    {displayName({ firstName: item.authorFirstName, lastName: item.authorLastName })}
                  </td>
                  <td className="p-2 whitespace-nowrap">{shortDate(item.createdAt)}</td>
                  <td className="max-w-xs p-2 break-words whitespace-pre-wrap">{item.message}</td>
                  <td className="max-w-xs p-2 break-words whitespace-pre-wrap">
                    {item.adminResponse ?? <span className="text-muted-foreground">None yet</span>}
                  </td>
                  <td className="p-2">
                    <FeedbackStatusBadge resolvedAt={item.resolvedAt} />
                  </td>
                  <td className="p-2">
                    <div className="flex flex-wrap gap-2">
                      <RespondDialog id={item.id} title={item.title} current={item.adminResponse} />
                      {item.resolvedAt === null && <ResolveButton id={item.id} title={item.title} />}
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
            {list.data.hasMore && (
              <p className="mt-2 text-sm text-muted-foreground">Showing the first {FEEDBACK_LIMITS.listMax} items.</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** Respond: a non-blank answer, at any time; it does not resolve the item. */
function RespondDialog({ id, title, current }: { id: string; title: string; current: string | null }) {
  const [open, setOpen] = useState(false);
  const [response, setResponse] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();
  const respond = useRespondToFeedback();
  const fieldId = `feedback-response-${id}`;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = feedbackResponseSchema.safeParse({ response });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FEEDBACK_MESSAGES.enterResponse);
      return;
    }
    void whenSucceeded(respond.mutateAsync({ id, response: parsed.data.response }), () => setOpen(false));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setResponse(current ?? '');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Respond to ${title}`}>
          Respond
        </Button>
      </DialogTrigger>
      <DialogContent title="Respond to feedback" description={title}>
        <form noValidate className="flex flex-col gap-4" onSubmit={send}>
          <TextAreaField
            id={fieldId}
            label="Response"
            rows={5}
            maxLength={FEEDBACK_LIMITS.responseMax}
            value={response}
            error={error}
            onValueChange={(value) => {
              setResponse(value);
              setError(undefined);
            }}
          />
          <Button type="submit" disabled={respond.isPending} className="self-end">
            {respond.isPending ? 'Sending...' : 'Send Response'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Resolve: once, with no way back (the server refuses a second one). */
function ResolveButton({ id, title }: { id: string; title: string }) {
  const resolve = useResolveFeedback();
  return (
    <Button
      size="sm"
      disabled={resolve.isPending}
      aria-label={`Resolve ${title}`}
      onClick={() => resolve.mutate({ id })}
    >
      Resolve
    </Button>
  );
}
