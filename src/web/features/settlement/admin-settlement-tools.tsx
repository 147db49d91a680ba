import { useState } from 'react';
import { toast } from 'sonner';
import { formatPrice } from '../../../domain/money';
import { SETTLEMENT_MESSAGES } from '../../../domain/settlement';
import { Button } from '../../ui/button';
import { ConfirmButton } from '../../ui/confirm-button';
import { useSettlementMutations, type PaymentHistory } from './api';
import { TextField } from '../../ui/text-field';

/** Admins: refund a paid conversation (reversing a payout already made), and resolve an open dispute. */
export function AdminSettlementTools({ conversationId, history }: { conversationId: string; history: PaymentHistory }) {
  const { refund, resolve } = useSettlementMutations(conversationId);
  const [partial, setPartial] = useState('');
  if (!history.admin?.canRefund && !history.admin?.canResolve) return null;
  const left = history.amountCents! - history.refundedCents;
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast.success(success);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'The action failed');
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-md border border-dashed p-3" aria-label="Admin payment tools">
      <p className="text-xs font-semibold uppercase text-muted-foreground">Admin</p>
      <div className="flex flex-wrap gap-2">
        {history.admin.canResolve && (
          <Button
            size="sm"
            onClick={() =>
              void run(
                () => resolve.mutateAsync({ conversationId, resolution: 'release' }),
                SETTLEMENT_MESSAGES.resolved,
              )
            }
          >
            Release to Provider
          </Button>
        )}
        {history.admin.canRefund && (
          <ConfirmButton
            trigger={`Refund ${formatPrice(left)}`}
            title="Refund the client?"
            description={
              history.admin.refundReversesPayout
                ? `${formatPrice(left)} goes back to the client's card, and the provider's payout of ${formatPrice(history.transfer?.amountCents ?? 0)} is taken back from their account.`
                : `${formatPrice(left)} goes back to the client's card and the conversation closes without a payout.`
            }
            confirmLabel="Refund"
            busyLabel="Refunding..."
            onConfirm={() => run(() => refund.mutateAsync({ conversationId }), SETTLEMENT_MESSAGES.refunded)}
          />
        )}
      </div>
      {history.admin.canResolve && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run(
              () => resolve.mutateAsync({ conversationId, resolution: 'partial', refund: Number(partial) }),
              SETTLEMENT_MESSAGES.resolved,
            );
          }}
        >
          <TextField
            id="partial-refund"
            label="Partial refund (USD)"
            type="number"
            min="0.01"
            step="0.01"
            className="w-36"
            value={partial}
            onValueChange={setPartial}
          />
          <Button type="submit" size="sm" variant="outline" disabled={!partial || resolve.isPending}>
            Refund Part, Release the Rest
          </Button>
        </form>
      )}
    </div>
  );
}
