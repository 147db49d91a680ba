import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { deleteAccountSchema, deleteConfirmationMatches, SETTINGS_MESSAGES } from '../../../domain/account-settings';
import { PASSWORD_MAX } from '../../../domain/auth';
import { withFeedback } from '../../lib/mutation-feedback';
import { clearingOnChange, useSchemaForm } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { useClearSession } from '../accounts/api';
import { appCodeOf } from '../../lib/app-error';

export function DeleteAccountDialog({ email }: { email: string }) {
  const form = useSchemaForm<{ confirmEmail: string; password: string }, z.output<typeof deleteAccountSchema>>(
    deleteAccountSchema,
    { defaultValues: { confirmEmail: '', password: '' } },
  );
  const [typed, password] = useWatch({ control: form.control, name: ['confirmEmail', 'password'] });
  const passwordError = form.formState.errors.password?.message;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const clearSession = useClearSession();
  const remove = useMutation(
    withFeedback(trpc.accounts.deleteAccount.mutationOptions(), {
      success: SETTINGS_MESSAGES.accountDeleted,
      failure: SETTINGS_MESSAGES.deleteFailed,
      reason: 'instead',
    }),
  );
  const matches = deleteConfirmationMatches(typed, email);
  const reset = () => form.reset();

  const confirm = form.handleSubmit((values) =>
    remove.mutate(values, {
      onSuccess: () => {
        clearSession({ silent: true });
        navigate('/');
      },
      onError: (error) => {
        // The server's reason (a wrong password) stays beside the field, not only in a toast that fades.
        if (appCodeOf(error) === 'WRONG_PASSWORD')
          form.setError('password', { message: SETTINGS_MESSAGES.wrongPassword });
      },
    }),
  );

  return (
    <Dialog onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete Account</Button>
      </DialogTrigger>
      <DialogContent
        title="Delete Account"
        description="This permanently deletes your profile, portfolio, uploads and sign-in. People you talked to keep their conversations, shown with Unknown User. Enter your password to confirm it is you."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches && password.length > 0) void confirm(e);
          }}
        >
          <FormField
            id="delete-confirm-email"
            label={
              <>
                Type <strong>{email}</strong> to confirm
              </>
            }
          >
            <Input id="delete-confirm-email" autoComplete="off" {...form.register('confirmEmail')} />
          </FormField>
          <FormField id="delete-confirm-password" label="Password" error={passwordError}>
            <PasswordInput
              {...fieldErrorProps('delete-confirm-password', passwordError)}
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              {...clearingOnChange(form, 'password')}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              disabled={!matches || password.length === 0 || remove.isPending}
            >
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
