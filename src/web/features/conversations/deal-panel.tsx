import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { dealSummary } from '../settlement/deal-summary';
import { usePaymentHistory, useSettlementMutations } from '../settlement/api';
import { PaymentPanel } from '../settlement/payment-panel';
import type { ConversationDetails } from './api';
import { ProgressSteps } from './progress-steps';

type Deal = Pick<ConversationDetails, 'id' | 'party' | 'state' | 'reviewed'>;

/**
 * The conversation's deal in one line and the header's payment badge. The payment history is read once the
 * conversation is paid (the payment panel shares the query) and read again on every settlement change.
 */
export function useDealSummary(c: Deal) {
  const history = usePaymentHistory(c.id, c.state.paymentCompleted);
  const h = history.data?.paid ? history.data : undefined;
  return dealSummary(c.state, c.party ?? 'client', h);
}

/** Progress steps, the payment panel once paid, and the full progress page. */
function DealDetails({ conversation: c }: { conversation: Deal }) {
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={`${c.id}-progress`} className="flex flex-col gap-2">
        <h2 id={`${c.id}-progress`} className="font-semibold">
          Service Progress
        </h2>
        <ProgressSteps conversation={c} dense />
        <Link to={`/conversations/${c.id}`} className="w-fit text-sm text-primary underline-offset-4 hover:underline">
          Open the progress page
        </Link>
      </section>
      {c.state.paymentCompleted && <PaymentPanel conversationId={c.id} className="p-3" />}
    </div>
  );
}

/** Wide screens: the deal beside the messages, scrolling on its own. */
export function DealSidePanel({ conversation }: { conversation: Deal }) {
  return (
    <aside aria-label="Deal details" className="w-80 shrink-0 overflow-y-auto border-l p-4">
      <DealDetails conversation={conversation} />
    </aside>
  );
}

/**
 * Phones and narrow windows: the deal folded to one line above the messages, opened by click, Enter or Space, so the
 * messages keep the height. Opened, it scrolls within half the screen.
 */
export function DealSummaryLine({ conversation, line }: { conversation: Deal; line: string }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <div className="shrink-0 border-b">
      {/* On a phone the line and Confirm Completion do not fit side by side: the button takes a row of its own. */}
      <div className="flex flex-col sm:flex-row sm:items-center">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
          className="flex min-w-0 flex-1 items-center gap-2 px-4 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
          data-testid="deal-summary"
        >
          <span className="min-w-0 flex-1 truncate font-medium">{line}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{open ? 'Hide details' : 'Details'}</span>
          <ChevronDown className={cn('h-4 w-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
        {!open && <ConfirmNow conversation={conversation} />}
      </div>
      <div id={detailsId} hidden={!open} className="max-h-[50dvh] overflow-y-auto border-t p-4">
        {open && <DealDetails conversation={conversation} />}
      </div>
    </div>
  );
}

/**
 * The one decision the folded line must not hide: once the provider has completed, the client's
 * Confirm Completion sits on the line itself. Dispute and Cancel stay in the details: a paid client may always
 * take them, so showing them here would keep the line from ever being one line.
 */
function ConfirmNow({ conversation: c }: { conversation: Deal }) {
  const history = usePaymentHistory(c.id, c.state.paymentCompleted);
  const { confirm } = useSettlementMutations();
  if (c.party !== 'client' || !history.data?.actions.includes('confirm')) return null;
  return (
    <Button
      size="sm"
      className="mx-4 mb-2 shrink-0 sm:mx-0 sm:mr-3 sm:mb-0"
      disabled={confirm.isPending}
      onClick={() => confirm.mutate({ conversationId: c.id })}
    >
      Confirm Completion
    </Button>
  );
}
