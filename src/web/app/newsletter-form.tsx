import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES, NEWSLETTER_PATH } from '../../domain/newsletter';
import { Button } from '../ui/button';
import { fieldErrorProps, FormField } from '../ui/form-field';
import { Input } from '../ui/input';

/**
 * The footer's subscribe form, on every page. The server's route is the one judge of an address (its schema in
 * domain/newsletter-schemas.ts) and says why it refuses one, so the form carries no validation library: with zod and
 * react-hook-form it was 40 KB that every public page loaded before it came alive. The field is left to
 * the browser, so what was typed stays, even before the page comes alive, until the address is accepted.
 */
export function NewsletterForm() {
  const [busy, setBusy] = useState(false);
  // Two submits in one task (a press held before the page came alive, then Enter) see the same `busy`.
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    setBusy(true);
    try {
      const response = await fetch(NEWSLETTER_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: typeof email === 'string' ? email : '' }),
      });
      if (response.ok) {
        toast.success(NEWSLETTER_MESSAGES.subscribed);
        form.reset();
      } else if (response.status === 400) {
        setError(NEWSLETTER_MESSAGES.invalidEmail);
      } else if (response.status === 409) {
        toast.error(NEWSLETTER_MESSAGES.duplicate);
      } else {
        toast.error(NEWSLETTER_MESSAGES.failed);
      }
    } catch {
      toast.error(NEWSLETTER_MESSAGES.failed);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Newsletter">
      <div className="flex flex-wrap items-end gap-2">
        <FormField id="newsletter-email" label="Subscribe to our newsletter">
          <Input
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={NEWSLETTER_EMAIL_MAX}
            onChange={() => setError(null)}
            className="w-64"
            {...fieldErrorProps('newsletter-email', error ?? undefined)}
          />
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      {error && (
        <p id="newsletter-email-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
