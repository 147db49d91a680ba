import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatPrice } from '../../../domain/money';
import { feeBreakdown } from '../../../domain/payments';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { TestCardForm } from './test-card-form';

// Stripe.js loads from Stripe's servers, so only when real keys are configured and the client pays.
const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form')).StripeCardForm }));

/** The client pays the agreed price; the server computes the amount and only its webhook marks it paid. */
export function PayButton({ conversationId, amountCents }: { conversationId: string; amountCents: number }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const start = useMutation(trpc.payments.start.mutationOptions());
  const pay = useMutation(trpc.payments.payWithTestCard.mutationOptions());
  const answer = useMutation(trpc.payments.completeTestChallenge.mutationOptions());
  const fee = feeBreakdown(amountCents);
  const session = start.data;
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setOpen(true);
          start.mutate({ conversationId });
        }}
      >
        Pay {formatPrice(amountCents)}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Pay ${formatPrice(amountCents)}`}
          description={`Held safely until the work is done. Platform fee ${formatPrice(fee.platformFeeCents)} (10%); the provider receives ${formatPrice(fee.providerAmountCents)}.`}
        >
          {session?.mode === 'test' && (
            <Badge variant="warning" className="w-fit">
              TEST MODE
            </Badge>
          )}
          {start.isPending && <p role="status">Preparing payment...</p>}
          {start.isError && (
            <p role="alert" className="text-sm text-destructive">
              {start.error.message}
            </p>
          )}
          {session?.mode === 'test' && (
            <TestCardForm
              pay={(card) => pay.mutateAsync({ conversationId, paymentIntentId: session.paymentIntentId, ...card })}
              answer={(approve) =>
                answer.mutateAsync({ conversationId, paymentIntentId: session.paymentIntentId, approve })
              }
              onPaid={() => setOpen(false)}
            />
          )}
          {session?.mode === 'stripe' && session.publishableKey && (
            <Suspense fallback={<p role="status">Loading the card form...</p>}>
              <StripeCardForm
                publishableKey={session.publishableKey}
                clientSecret={session.clientSecret}
                onPaid={() => setOpen(false)}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
