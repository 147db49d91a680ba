import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { TEST_CARDS } from '../../../domain/test-cards';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

const PAID = 'Payment successful';

/**
 * Test mode's card form: Stripe's test numbers behave as in Stripe's test mode (success, 3D Secure, declines). The
 * outcome reaches the conversation through the signed webhook path; this form only reports it.
 */
export function TestCardForm({
  conversationId,
  paymentIntentId,
  onPaid,
}: {
  conversationId: string;
  paymentIntentId: string;
  onPaid(): void;
}) {
  const trpc = useTRPC();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string>();
  const [challenge, setChallenge] = useState(false);
  const pay = useMutation(trpc.payments.payWithTestCard.mutationOptions());
  const answer = useMutation(trpc.payments.completeTestChallenge.mutationOptions());

  function report(result: { status: string; message?: string }) {
    if (result.status === 'succeeded') {
      toast.success(PAID);
      onPaid();
    } else if (result.status === 'requires_action') {
      setChallenge(true);
    } else {
      setChallenge(false);
      setError(result.message);
    }
  }

  if (challenge) {
    return (
      <div className="flex flex-col gap-3" role="group" aria-label="3D Secure authentication">
        <p className="text-sm">Your bank asks you to confirm this payment (3D Secure test).</p>
        <div className="flex gap-2">
          <Button
            disabled={answer.isPending}
            onClick={() => answer.mutate({ conversationId, paymentIntentId, approve: true }, { onSuccess: report })}
          >
            Complete authentication
          </Button>
          <Button
            variant="outline"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ conversationId, paymentIntentId, approve: false }, { onSuccess: report })}
          >
            Fail authentication
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        pay.mutate(
          { conversationId, paymentIntentId, number, expiry, cvc },
          { onSuccess: report, onError: (err) => setError(err.message) },
        );
      }}
    >
      <FormField id="card-number" label="Card number">
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="card-expiry" label="Expiry (MM/YY)">
          <Input
            id="card-expiry"
            autoComplete="cc-exp"
            placeholder="12/34"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC">
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
          />
        </FormField>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pay.isPending}>
        {pay.isPending ? 'Processing...' : 'Pay now'}
      </Button>
      <details className="text-xs text-muted-foreground">
        <summary className="cursor-pointer">Test card numbers</summary>
        <ul className="mt-2 flex flex-col gap-1">
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <code>{c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: {c.label}
            </li>
          ))}
        </ul>
        <p className="mt-1">Any future expiry and any 3-digit CVC.</p>
      </details>
    </form>
  );
}
