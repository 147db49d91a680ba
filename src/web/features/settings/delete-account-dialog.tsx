import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteConfirmationMatches, SETTINGS_MESSAGES } from '../../../domain/account-settings';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useClearSession } from '../accounts/api';

export function DeleteAccountDialog({ email }: { email: string }) {
  const [typed, setTyped] = useState('');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const clearSession = useClearSession();
  const remove = useMutation(trpc.accounts.deleteAccount.mutationOptions());
  const matches = deleteConfirmationMatches(typed, email);

  const confirm = async () => {
    try {
      await remove.mutateAsync({ confirmEmail: typed });
      clearSession({ silent: true });
      toast.success(SETTINGS_MESSAGES.accountDeleted);
      navigate('/');
    } catch (error) {
      toast.error((error as Error).message || SETTINGS_MESSAGES.deleteFailed);
    }
  };

  return (
    <Dialog onOpenChange={() => setTyped('')}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete Account</Button>
      </DialogTrigger>
      <DialogContent
        title="Delete Account"
        description="This permanently deletes your profile, portfolio, uploads and sign-in. People you talked to keep their conversations, shown with Unknown User."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) void confirm();
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
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
