import { useForm, useWatch } from 'react-hook-form';
import { formatPrice } from '../../../domain/money';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { ConfirmButton } from '../../ui/confirm-button';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useSettlementMutations, type PaymentHistory } from './api';

/** Admins: refund a paid conversation (reversing a payout already made), and resolve an open dispute. */
export function AdminSettlementTools({ conversationId, history }: { conversationId: string; history: PaymentHistory }) {
  const { refund, resolve } = useSettlementMutations();
  // The amount is checked by the server (the procedure's schema); the button waits for one.
  const form = useForm<{ partial: string }>({ defaultValues: { partial: '' } });
  const partial = useWatch({ control: form.control, name: 'partial' });
  if (!history.admin?.canRefund && !history.admin?.canResolve) return null;
  const left = history.amountCents! - history.refundedCents;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-dashed p-3" aria-label="Admin payment tools">
      <p className="text-xs font-semibold uppercase text-muted-foreground">Admin</p>
      <div className="flex flex-wrap gap-2">
        {history.admin.canResolve && (
          <Button size="sm" onClick={() => resolve.mutate({ conversationId, resolution: 'release' })}>
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
            onConfirm={() => whenSucceeded(refund.mutateAsync({ conversationId }))}
          />
        )}
      </div>
      {history.admin.canResolve && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={form.handleSubmit(({ partial }) =>
            resolve.mutate({ conversationId, resolution: 'partial', refund: Number(partial) }),
          )}
        >
          <FormField id="partial-refund" label="Partial refund (USD)">
            <Input
              {...fieldErrorProps('partial-refund', undefined)}
              type="number"
              min="0.01"
              step="0.01"
              className="w-36"
              {...form.register('partial')}
            />
          </FormField>
          <Button type="submit" size="sm" variant="outline" disabled={!partial || resolve.isPending}>
            Refund Part, Release the Rest
          </Button>
        </form>
      )}
    </div>
  );
}
