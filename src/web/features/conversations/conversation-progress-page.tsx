import { Link, useParams } from 'react-router';
import { CONVERSATION_MESSAGES, PROGRESS_BADGES } from '../../../domain/negotiation';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useSession } from '../accounts/api';
import { isAccessRefusal, useConversationView, useResetConversation } from './api';
import { ConfirmButton } from '../../ui/confirm-button';
import { PageContainer, PageMessage } from '../../ui/page';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { PaymentPanel } from '../settlement/payment-panel';
import { HeldDetails } from './held-details';
import { ProgressSteps } from './progress-steps';

/** /conversations/{id}: the Service Progress Tracker; the ids panel is for admins only. */
export function ConversationProgressPage() {
  const { id = '' } = useParams();
  const { account } = useSession();
  const { details, heldDetails } = useConversationView(id, Boolean(account?.isAdmin));
  if (details.isPending)
    return (
      <p role="status" className="py-20 text-center">
        Loading conversation...
      </p>
    );
  if (details.isError) {
    return (
      <PageMessage>
        <h1 className="text-xl font-semibold">
          {isAccessRefusal(details.error) ? CONVERSATION_MESSAGES.noAccess : CONVERSATION_MESSAGES.detailsFailed}
        </h1>
        <Button asChild>
          <Link to="/conversations">Back to Messages</Link>
        </Button>
      </PageMessage>
    );
  }
  const c = details.data;
  return (
    <PageContainer width="narrow">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Service Progress</h1>
        <Badge variant="outline">{PROGRESS_BADGES[c.status]}</Badge>
      </div>
      <p className="text-muted-foreground">{c.title}</p>
      <ProgressSteps conversation={c} />
      {c.state.paymentCompleted && <PaymentPanel conversationId={c.id} />}
      <Button asChild className="w-fit">
        <Link to={`/chat/${c.id}`}>Open Chat</Link>
      </Button>
      {account?.isAdmin && <ResetButton conversationId={c.id} />}
      {account?.isAdmin && <HeldDetails messages={heldDetails} />}
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
    </PageContainer>
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
