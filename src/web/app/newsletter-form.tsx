import { useState } from 'react';
import { toast } from '../lib/toast';
import { z } from 'zod';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PATH, newsletterEmailSchema } from '../../domain/newsletter';
import { clearingOnChange, useSchemaForm } from '../lib/schema-form';
import { Button } from '../ui/button';
import { fieldErrorProps, FormField } from '../ui/form-field';
import { Input } from '../ui/input';

/** The form's fields, each checked by the shared schema the server's route parses with. */
const newsletterFormSchema = z.object({ email: newsletterEmailSchema });

/** The footer's subscribe form; what was typed stays until it is accepted. */
export function NewsletterForm() {
  const form = useSchemaForm<{ email: string }, z.output<typeof newsletterFormSchema>>(newsletterFormSchema, {
    defaultValues: { email: '' },
  });
  const [busy, setBusy] = useState(false);
  const error = form.formState.errors.email?.message;

  const submit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      const response = await fetch(NEWSLETTER_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (response.ok) {
        toast.success(NEWSLETTER_MESSAGES.subscribed);
        form.reset();
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
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Newsletter">
      <div className="flex flex-wrap items-end gap-2">
        <FormField id="newsletter-email" label="Subscribe to our newsletter">
          <Input
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            {...clearingOnChange(form, 'email')}
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
