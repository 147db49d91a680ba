import { formatPrice } from '../../../domain/money';
import { cn } from '../../lib/cn';
import { dateTime } from '../../lib/dates';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmButton } from '../../ui/confirm-button';
import { usePaymentHistory, useSettlementMutations, type PaymentHistory } from './api';
import { AdminSettlementTools } from './admin-settlement-tools';
import { DisputeDialog } from './dispute-dialog';

const when = (date: string | Date | null) => (date ? dateTime(date) : '');

const TRANSFER_STATUS: Record<string, string> = {
  held: "Held until the provider's payout account is Ready",
  pending: 'Sending',
  paid: 'Transferred',
  failed: 'Failed; retrying',
};

/**
 * Where the money of a paid conversation is, for both parties (and admins): price, platform fee, provider payout,
 * transfer, refunds and disputes, with the client's Confirm, Dispute and Cancel when they are allowed. In a chat it
 * sits in the side panel (wide screens) or under the one-line deal summary (phones).
 */
export function PaymentPanel({ conversationId, className }: { conversationId: string; className?: string }) {
  const history = usePaymentHistory(conversationId);
  if (history.isPending || history.isError || !history.data.paid) return null;
  const h = history.data;
  const body = (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Price paid</dt>
        <dd>{formatPrice(h.amountCents!)}</dd>
        {h.refundedCents > 0 && (
          <>
            <dt className="text-muted-foreground">Refunded</dt>
            <dd>{formatPrice(h.refundedCents)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Platform fee (10%)</dt>
        <dd data-testid="platform-fee">{formatPrice(h.platformFeeCents!)}</dd>
        <dt className="text-muted-foreground">Provider payout</dt>
        <dd data-testid="provider-payout">{formatPrice(h.providerAmountCents!)}</dd>
      </dl>
      <ul className="flex flex-col gap-1" aria-label="Payment history">
        <li>Paid {when(h.paidAt)}</li>
        {h.completedAt && <li>Completed {when(h.completedAt)}</li>}
        {h.autoConfirmAt && <li>Confirmed automatically on {when(h.autoConfirmAt)} unless disputed</li>}
        {h.acceptedAt && <li>Accepted {when(h.acceptedAt)}</li>}
        {h.transfer && (
          <li>
            Payout {formatPrice(h.transfer.amountCents)}: {TRANSFER_STATUS[h.transfer.status] ?? h.transfer.status}
            {h.transfer.status === 'paid' ? ` ${when(h.transfer.createdAt)}` : ''}
          </li>
        )}
        {h.transfer?.reversedAt && (
          <li>
            Payout reversal {formatPrice(h.transfer.reversedCents ?? 0)}:{' '}
            {h.transfer.reversalDone ? `taken back ${when(h.transfer.reversedAt)}` : 'being sent; retrying'}
          </li>
        )}
        {h.refunds.map((r) => (
          <li key={String(r.createdAt)}>
            Refund {formatPrice(r.amountCents)} {when(r.createdAt)}
          </li>
        ))}
        {h.disputes.map((d) => (
          <li key={d.id}>
            Dispute ({d.source === 'card_network' ? 'card issuer' : 'client'}): {d.reason}, {d.status.replace('_', ' ')}
            {d.refundCents ? `, ${formatPrice(d.refundCents)} refunded` : ''}
          </li>
        ))}
      </ul>
      {h.party === 'provider' && h.transfer?.status === 'held' && (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Your payout is waiting for your payout account.{' '}
          <a href="/payouts-setup?mode=start" target="_blank" rel="opener" className="font-medium underline">
            Set up payouts
          </a>{' '}
          and it is sent as soon as the account is Ready.
        </p>
      )}
      <ClientActions conversationId={conversationId} history={h} />
      {h.admin && <AdminSettlementTools conversationId={conversationId} history={h} />}
    </div>
  );
  const badge = <Badge variant={h.label === 'disputed' ? 'destructive' : 'outline'}>{h.labelText}</Badge>;
  return (
    <section
      className={cn('flex flex-col gap-3 rounded-lg border p-4', className)}
      aria-label="Payment"
      data-testid="payment-panel"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">Payment</h2>
        {badge}
      </div>
      {body}
    </section>
  );
}

function ClientActions({ conversationId, history }: { conversationId: string; history: PaymentHistory }) {
  const { confirm, cancel } = useSettlementMutations();
  if (history.actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Payment actions">
      {history.actions.includes('confirm') && (
        <Button size="sm" disabled={confirm.isPending} onClick={() => confirm.mutate({ conversationId })}>
          Confirm Completion
        </Button>
      )}
      {history.actions.includes('dispute') && <DisputeDialog conversationId={conversationId} />}
      {history.actions.includes('cancel') && (
        <ConfirmButton
          trigger="Cancel and Refund"
          title="Cancel this service?"
          description={`The provider has not started. You get ${formatPrice(history.amountCents! - history.refundedCents)} back on your card and the conversation closes.`}
          confirmLabel="Cancel Service"
          busyLabel="Cancelling..."
          onConfirm={() => whenSucceeded(cancel.mutateAsync({ conversationId }))}
        />
      )}
    </div>
  );
}
