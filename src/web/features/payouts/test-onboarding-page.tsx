import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, type FieldErrors } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { testOnboardingSchema } from '../../../domain/payouts';
import { useSchemaForm } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PageContainer, PageMessage } from '../../ui/page';

/** Only same-site return addresses are followed (the link's return_url comes from our server, but is in the URL). */
function sameSite(url: string | null, fallback: string) {
  if (!url) return fallback;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : fallback;
  } catch {
    return fallback;
  }
}

/** The server's schema without the account, which comes from the link (its details load only if it is the user's). */
const onboardingFormSchema = testOnboardingSchema.omit({ accountId: true });
/** The checkbox holds a boolean; the schema accepts only true. */
type OnboardingFields = Omit<z.input<typeof onboardingFormSchema>, 'acceptTerms'> & { acceptTerms: boolean };

/** The schema's order, which is the form's: the first field in error is the one the page names. */
const FIELD_ORDER = ['legalName', 'routingNumber', 'accountNumber', 'acceptTerms'] as const;
const ERROR_ID = 'test-onboarding-error';

/**
 * The page shows one error at a time, the first (as the server reports one), in a single alert; the field it is about
 * points at it.
 */
function firstError(errors: FieldErrors<OnboardingFields>) {
  const server = errors.root?.server?.message;
  if (server) return { message: server, field: null };
  const field = FIELD_ORDER.find((name) => errors[name]?.message) ?? null;
  return { message: field ? errors[field]?.message : undefined, field };
}

/**
 * Test mode's stand-in for Stripe's hosted onboarding: the account holder's details and Stripe's test bank numbers.
 * Submitting makes the account Ready (reported by a signed account.updated webhook) and returns as Stripe would.
 */
export function TestOnboardingPage() {
  const { accountId = '' } = useParams();
  const [params] = useSearchParams();
  const trpc = useTRPC();
  const details = useQuery({ ...trpc.payouts.testOnboarding.queryOptions({ accountId }), retry: false });
  const submit = useMutation(trpc.payouts.submitTestOnboarding.mutationOptions());
  const form = useSchemaForm<OnboardingFields, z.output<typeof onboardingFormSchema>>(onboardingFormSchema, {
    defaultValues: {
      legalName: '',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      acceptTerms: false,
    },
  });
  const error = firstError(form.formState.errors);
  const describedBy = (name: (typeof FIELD_ORDER)[number]) =>
    error.field === name ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : {};
  const returnUrl = sameSite(params.get('return_url'), '/payouts-setup?stripe=return');

  if (details.isPending)
    return (
      <p role="status" className="py-20 text-center">
        Loading onboarding...
      </p>
    );
  if (details.isError) {
    return (
      <PageMessage>
        <p role="alert">This onboarding link is not yours or has expired.</p>
        <Button asChild>
          <Link to="/payouts-setup?mode=resume">Get a new link</Link>
        </Button>
      </PageMessage>
    );
  }
  const d = details.data;
  return (
    <PageContainer width="narrow">
      <Card>
        <CardHeader className="flex flex-col gap-2">
          <Badge variant="warning" className="w-fit">
            TEST MODE
          </Badge>
          <h1 className="text-xl font-semibold leading-none tracking-tight">Set up payouts</h1>
          <p className="text-sm text-muted-foreground">
            {d.minor
              ? `A parent or guardian (${d.guardianEmail}) completes this in their own name for ${d.name}.`
              : `Payouts for ${d.name} (${d.email}).`}{' '}
            No real money moves in test mode.
          </p>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={form.handleSubmit((values) =>
              submit.mutate(
                { accountId, ...values },
                {
                  onSuccess: () => window.location.assign(returnUrl),
                  onError: (err) => form.setError('root.server', { message: err.message }),
                },
              ),
            )}
          >
            <FormField id="legal-name" label={d.minor ? 'Parent or guardian full legal name' : 'Full legal name'}>
              <Input
                id="legal-name"
                autoComplete="name"
                {...describedBy('legalName')}
                {...form.register('legalName')}
              />
            </FormField>
            <div className="grid grid-cols-2 gap-3">
              <FormField id="routing-number" label="Routing number">
                <Input
                  id="routing-number"
                  inputMode="numeric"
                  {...describedBy('routingNumber')}
                  {...form.register('routingNumber')}
                />
              </FormField>
              <FormField id="account-number" label="Account number">
                <Input
                  id="account-number"
                  inputMode="numeric"
                  {...describedBy('accountNumber')}
                  {...form.register('accountNumber')}
                />
              </FormField>
            </div>
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name="acceptTerms"
                render={({ field }) => (
                  <Checkbox
                    id="accept-terms"
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={(v) => field.onChange(v === true)}
                    onBlur={field.onBlur}
                    {...describedBy('acceptTerms')}
                  />
                )}
              />
              <Label htmlFor="accept-terms">I agree to the connected account agreement (test)</Label>
            </div>
            {error.message && (
              <p id={ERROR_ID} role="alert" className="text-sm text-destructive">
                {error.message}
              </p>
            )}
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit'}
            </Button>
            <Button asChild variant="ghost">
              <a href={returnUrl}>Save and finish later</a>
            </Button>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
