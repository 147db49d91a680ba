import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { AUTH_FAILURE_TOAST_ID, AUTH_MESSAGES, signUpErrorMessage, signUpSchema } from '../../../domain/auth';
import { useTheme } from '../../app/theme';
import { authClient } from '../../lib/auth-client';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useRefreshSession } from './api';
import { NewPasswordField } from './new-password-field';

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  dateOfBirth: string;
  taxResponsibility: boolean;
}

export function SignUpForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const { applySignIn } = useTheme();
  const form = useForm<SignUpValues>({
    // The schema requires `true`; the form starts unticked, so its input type is a plain boolean.
    resolver: zodResolver(signUpSchema) as never,
    defaultValues: { firstName: '', lastName: '', email: '', password: '', dateOfBirth: '', taxResponsibility: false },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const { data, error } = await authClient.$fetch<{ token: string | null; user?: { id: string } }>('/sign-up/email', {
      method: 'POST',
      body: { ...values, name: `${values.firstName} ${values.lastName}` },
    });
    if (error) {
      // The alert stays while the visitor corrects the form; the toast (one, replaced by the next refusal) says it
      // happened.
      const { message, toast: toastText } = signUpErrorMessage(error.message, (error as { code?: string }).code);
      setServerError(message || AUTH_MESSAGES.errorSigningUp);
      toast.error(toastText, { id: AUTH_FAILURE_TOAST_ID });
      return;
    }
    if (!data?.user) {
      toast.info(AUTH_MESSAGES.accountCreatedNoAutoLogin);
      return;
    }
    if (!data.token) {
      toast.success(AUTH_MESSAGES.accountCreatedPleaseSignIn);
      navigate('/auth?mode=login');
      return;
    }
    applySignIn();
    toast.success(AUTH_MESSAGES.accountCreated);
    await refreshSession();
    navigate('/');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign up">
      {serverError && (
        <Alert variant="destructive">
          <AlertTitle>Authentication Error</AlertTitle>
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="sign-up-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            autoComplete="given-name"
            {...fieldErrorProps('sign-up-first-name', errors.firstName?.message)}
            {...form.register('firstName')}
          />
        </FormField>
        <FormField id="sign-up-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            autoComplete="family-name"
            {...fieldErrorProps('sign-up-last-name', errors.lastName?.message)}
            {...form.register('lastName')}
          />
        </FormField>
      </div>
      <FormField id="sign-up-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...fieldErrorProps('sign-up-email', errors.email?.message)}
          {...form.register('email')}
        />
      </FormField>
      <NewPasswordField
        id="sign-up-password"
        label="Password"
        password={password}
        error={errors.password?.message}
        submitted={isSubmitted}
        registration={form.register('password')}
      />
      <FormField id="sign-up-date-of-birth" label="Date of birth" error={errors.dateOfBirth?.message}>
        <Input
          type="date"
          autoComplete="bday"
          {...fieldErrorProps('sign-up-date-of-birth', errors.dateOfBirth?.message)}
          {...form.register('dateOfBirth')}
        />
      </FormField>
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <Controller
            control={form.control}
            name="taxResponsibility"
            render={({ field }) => (
              <Checkbox
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                {...fieldErrorProps('sign-up-tax', errors.taxResponsibility?.message)}
              />
            )}
          />
          <Label htmlFor="sign-up-tax" className="leading-snug font-normal">
            I understand that I am responsible for reporting and paying any taxes on what I earn.{' '}
            <a href="/help/tax-faq" target="_blank" rel="noreferrer" className="text-primary underline">
              Tax FAQ
            </a>
          </Label>
        </div>
        {errors.taxResponsibility?.message && (
          <p id="sign-up-tax-error" className="text-sm text-destructive">
            {errors.taxResponsibility.message}
          </p>
        )}
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
