import { Check } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CONVERSATION_MESSAGES, PROGRESS_BADGES } from '../../../domain/negotiation';
import { formatPrice } from '../../../domain/money';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useSession } from '../accounts/api';
import { isAccessRefusal, useConversationView, useResetConversation } from './api';
import { ConfirmButton } from '../../ui/confirm-button';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { PaymentPanel } from '../settlement/payment-panel';

/** /conversations/{id}: the Service Progress Tracker; the ids panel is for admins only. */
export function ConversationProgressPage() {
  const { id = '' } = useParams();
  const { account } = useSession();
  const { details } = useConversationView(id, Boolean(account?.isAdmin));
  if (details.isPending)
    return (
      <p role="status" className="py-20 text-center">
        Loading conversation...
      </p>
    );
  if (details.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-xl font-semibold">
          {isAccessRefusal(details.error) ? CONVERSATION_MESSAGES.noAccess : CONVERSATION_MESSAGES.detailsFailed}
        </h1>
        <Button asChild>
          <Link to="/conversations">Back to Messages</Link>
        </Button>
      </div>
    );
  }
  const c = details.data;
  const steps = [
    { label: 'Service requested', done: true },
    {
      label: 'Price agreed',
      done: c.state.finalPriceCents !== null,
      detail:
        c.state.finalPriceCents !== null
          ? formatPrice(c.state.finalPriceCents, c.state.finalPricingType ?? 'fixed')
          : null,
    },
    { label: 'Paid', done: c.state.paymentCompleted },
    { label: 'In progress', done: c.state.serviceStarted },
    { label: 'Completed', done: c.state.serviceCompleted },
    { label: 'Reviewed', done: c.reviewed },
  ];
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Service Progress</h1>
        <Badge variant="outline">{PROGRESS_BADGES[c.status]}</Badge>
      </div>
      <p className="text-muted-foreground">{c.title}</p>
      <ol className="flex flex-col gap-3" aria-label="Service Progress Tracker">
        {steps.map((s) => (
          <li key={s.label} className="flex items-center gap-3">
            <span
              className={cn(
                'flex h-8 w-8 items-center justify-center rounded-full border',
                s.done ? 'border-green-600 bg-green-600 text-white' : 'text-muted-foreground',
              )}
            >
              {s.done ? <Check className="h-4 w-4" aria-hidden /> : null}
            </span>
            <span className={s.done ? 'font-medium' : 'text-muted-foreground'}>
              {s.label}
              {s.detail ? `: ${s.detail}` : ''}
              <span className="sr-only">{s.done ? ' (done)' : ' (not yet)'}</span>
            </span>
          </li>
        ))}
      </ol>
      {c.state.paymentCompleted && <PaymentPanel conversationId={c.id} />}
      <Button asChild className="w-fit">
        <Link to={`/chat/${c.id}`}>Open Chat</Link>
      </Button>
      {account?.isAdmin && <ResetButton conversationId={c.id} />}
      {account?.isAdmin && (
        <details className="rounded-lg border p-3 text-xs">
          <summary className="cursor-pointer font-medium">Debug (admins)</summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono">
            <dt>conversation</dt>
            <dd>{c.id}</dd>
            <dt>client</dt>
            <dd>{c.clientId}</dd>
            <dt>provider</dt>
            <dd>{c.providerId}</dd>
            <dt>service</dt>
            <dd>{c.serviceId ?? '-'}</dd>
            <dt>request</dt>
            <dd>{c.requestId ?? '-'}</dd>
          </dl>
        </details>
      )}
    </div>
  );
}

/** Admins: reset the pricing and progress, after a confirmation. The server refuses everyone else. */
function ResetButton({ conversationId }: { conversationId: string }) {
  const reset = useResetConversation();
  return (
    <ConfirmButton
      trigger="Reset pricing and progress"
      title="Reset this conversation?"
      description="The agreed price, proposals and progress are cleared and the parties negotiate again. Both see a notice."
      confirmLabel="Reset"
      busyLabel="Resetting..."
      onConfirm={() => whenSucceeded(reset.mutateAsync({ id: conversationId }))}
    />
  );
}
