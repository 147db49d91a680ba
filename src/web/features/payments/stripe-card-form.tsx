import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { PAYMENT_MESSAGES } from '../../../domain/payments';
import { Button } from '../../ui/button';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe's own Payment Element, when real keys are configured; the webhook marks the conversation paid. */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  onPaid,
  returnUrl,
}: {
  publishableKey: string;
  clientSecret: string;
  onPaid(): void;
  /** Where Stripe sends the browser back after a redirecting payment method (3D Secure, wallets). */
  returnUrl?: string;
}) {
  if (!stripes.has(publishableKey)) stripes.set(publishableKey, loadStripe(publishableKey));
  return (
    <Elements stripe={stripes.get(publishableKey)!} options={{ clientSecret }}>
      <PayForm onPaid={onPaid} returnUrl={returnUrl} />
    </Elements>
  );
}

function PayForm({ onPaid, returnUrl }: { onPaid(): void; returnUrl?: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(undefined);
        if (!stripe || !elements) return setError(PAYMENT_MESSAGES.notInitialized);
        if (!ready) return setError(PAYMENT_MESSAGES.notReady);
        setBusy(true);
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: returnUrl ?? window.location.href },
        });
        setBusy(false);
        if (result.error) {
          setError(result.error.message ?? PAYMENT_MESSAGES.unexpected);
          toast.error(PAYMENT_MESSAGES.failed);
        } else {
          toast.success(PAYMENT_MESSAGES.succeeded);
          onPaid();
        }
      }}
    >
      <p className="text-xs text-muted-foreground" role="status">
        {stripe ? 'Stripe initialized.' : 'Initializing Stripe...'} {ready ? 'Payment form ready.' : ''}
      </p>
      {/* Wallets (Apple Pay, Google Pay, Link) appear inside the Payment Element where the browser offers them. */}
      <PaymentElement onReady={() => setReady(true)} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Processing...' : 'Pay now'}
      </Button>
    </form>
  );
}
