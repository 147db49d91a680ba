import { useState } from 'react';
import { toast } from 'sonner';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PATH, newsletterEmailSchema } from '../../domain/newsletter';
import { Button } from '../ui/button';
import { fieldErrorProps, FormField } from '../ui/form-field';
import { Input } from '../ui/input';

/** The footer's subscribe form; what was typed stays until it is accepted. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = newsletterEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(NEWSLETTER_MESSAGES.invalidEmail);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(NEWSLETTER_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: parsed.data }),
      });
      if (response.ok) {
        toast.success(NEWSLETTER_MESSAGES.subscribed);
        setEmail('');
      } else if (response.status === 409) {
        toast.error(NEWSLETTER_MESSAGES.duplicate);
      } else {
        toast.error(NEWSLETTER_MESSAGES.failed);
      }
    } catch {
      toast.error(NEWSLETTER_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Newsletter">
      <div className="flex flex-wrap items-end gap-2">
        <FormField id="newsletter-email" label="Subscribe to our newsletter">
          <Input
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
            className="w-64"
            {...fieldErrorProps('newsletter-email', error)}
          />
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      {error && (
        <p id="newsletter-email-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
