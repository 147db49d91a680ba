import { useState } from 'react';
import type { z } from 'zod';
import { POLL_LIMITS } from '../../../domain/polls';
import { createPollSchema } from '../../../domain/polls-schemas';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { clearingOnChange, useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/textarea';
import { useCreatePoll } from '../moderation/api';

/**
 * The form's fields are the server's own user_ban rules (createPollSchema): the title optional (blank gets the
 * server's default, which names the member by first name and last initial only), the reason required.
 */
const banPollFormSchema = createPollSchema.options[1].pick({ title: true, description: true });
type BanPollFields = z.input<typeof banPollFormSchema>;

/**
 * Start a community poll about banning a member. Offered for members only: the
 * server refuses a poll about oneself or an admin, and a second active poll about the same member (its reason shows
 * in the failure toast, "Failed to create community poll", while the dialog stays open with what was typed).
 */
export function BanPollDialog({ user }: { user: { id: string; name: string; email: string } }) {
  const [open, setOpen] = useState(false);
  const create = useCreatePoll();
  const form = useSchemaForm<BanPollFields, z.output<typeof banPollFormSchema>>(banPollFormSchema, {
    defaultValues: { title: '', description: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const reason = form.watch('description') ?? '';
  const titleId = `ban-poll-title-${user.id}`;
  const reasonId = `ban-poll-reason-${user.id}`;

  const submit = form.handleSubmit(async ({ title, description }) => {
    const started = await whenSucceeded(
      create.mutateAsync({ pollType: 'user_ban', targetUserId: user.id, title: title || undefined, description }),
      () => true,
    );
    if (started) {
      setOpen(false);
      form.reset();
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.clearErrors();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Start a ban poll about ${user.email}`}>
          Ban poll
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Start a ban poll"
        description={`Members vote for 7 days on banning ${user.name} (${user.email}). A passed poll bans nobody by itself: it asks an admin to review the member. Every member reads the title and the reason.`}
      >
        <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <FormField id={titleId} label="Title (optional)" error={errors.title?.message}>
            <Input
              maxLength={POLL_LIMITS.titleMax}
              placeholder="Ban user: first name and last initial"
              {...fieldErrorProps(titleId, errors.title?.message)}
              {...clearingOnChange(form, 'title')}
            />
          </FormField>
          <FormField id={reasonId} label="Reason" error={errors.description?.message}>
            <Textarea
              maxLength={POLL_LIMITS.descriptionMax}
              {...fieldErrorProps(reasonId, errors.description?.message)}
              {...clearingOnChange(form, 'description')}
            />
          </FormField>
          <p className="-mt-3 text-right text-xs text-muted-foreground">
            {reason.length}/{POLL_LIMITS.descriptionMax}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Starting...' : 'Start Poll'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
