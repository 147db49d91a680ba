import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteConfirmationMatches, SETTINGS_MESSAGES } from '../../../domain/account-settings';
import { PASSWORD_MAX } from '../../../domain/auth';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useClearSession } from '../accounts/api';

export function DeleteAccountDialog({ email }: { email: string }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const clearSession = useClearSession();
  const remove = useMutation(trpc.accounts.deleteAccount.mutationOptions());
  const matches = deleteConfirmationMatches(typed, email);
  const reset = () => {
    setTyped('');
    setPassword('');
    setPasswordError(null);
  };

  const confirm = async () => {
    setPasswordError(null);
    try {
      await remove.mutateAsync({ confirmEmail: typed, password });
      clearSession({ silent: true });
      toast.success(SETTINGS_MESSAGES.accountDeleted);
      navigate('/');
    } catch (error) {
      const message = (error as Error).message || SETTINGS_MESSAGES.deleteFailed;
      // The server's reason (a wrong password) stays beside the field, not only in a toast that fades.
      if (message === SETTINGS_MESSAGES.wrongPassword) setPasswordError(message);
      toast.error(message);
    }
  };

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
            if (matches && password.length > 0) void confirm();
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
            <Input
              id="delete-confirm-email"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </FormField>
          <FormField id="delete-confirm-password" label="Password" error={passwordError ?? undefined}>
            <Input
              {...fieldErrorProps('delete-confirm-password', passwordError ?? undefined)}
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
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
