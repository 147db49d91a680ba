import { useState } from 'react';
import { z } from 'zod';
import { ADMIN_USER_LIMITS, SUSPENSION_CHOICES, adminReasonSchema } from '../../../domain/admin-users';
import { clearingOnChange, useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { NativeSelect } from '../../ui/native-select';
import { Textarea } from '../../ui/textarea';
import { useSuspendUser } from './api';

const INDEFINITE = 'indefinite';
const choiceValue = (days: (typeof SUSPENSION_CHOICES)[number]) => (days === null ? INDEFINITE : String(days));
const choiceLabel = (days: (typeof SUSPENSION_CHOICES)[number]) =>
  days === null ? 'Indefinitely' : `${days} ${days === 1 ? 'day' : 'days'}`;

/** The form's fields as text; parsed into the server's suspendUserSchema shape (days or null) by the same rules. */
const suspendFormSchema = z.object({
  length: z.enum(SUSPENSION_CHOICES.map(choiceValue) as [string, ...string[]]),
  reason: adminReasonSchema,
});
type SuspendFields = z.input<typeof suspendFormSchema>;

/**
 * Suspend a member: how long (SUSPENSION_CHOICES) and why (required: the member reads it when sign-in is refused).
 * The row changes when the live event brings it; the dialog closes once the server agreed.
 */
export function SuspendDialog({ user }: { user: { id: string; name: string; email: string } }) {
  const [open, setOpen] = useState(false);
  const suspend = useSuspendUser();
  const form = useSchemaForm<SuspendFields, z.output<typeof suspendFormSchema>>(suspendFormSchema, {
    defaultValues: { length: '7', reason: '' },
  });
  const { errors } = form.formState;
  const reason = form.watch('reason') ?? '';
  const lengthId = `suspend-length-${user.id}`;
  const reasonId = `suspend-reason-${user.id}`;

  const send = form.handleSubmit((parsed) =>
    suspend.mutate(
      { userId: user.id, days: parsed.length === INDEFINITE ? null : Number(parsed.length), reason: parsed.reason },
      {
        onSuccess: () => {
          setOpen(false);
          form.reset();
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Suspend ${user.email}`}>
          Suspend
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Suspend User"
        description={`${user.name} (${user.email}) is signed out everywhere and cannot sign in until the suspension ends. Their services and requests are hidden meanwhile.`}
      >
        <form noValidate className="flex flex-col gap-4" onSubmit={send}>
          <FormField id={lengthId} label="Suspend for" error={errors.length?.message}>
            <NativeSelect {...fieldErrorProps(lengthId, errors.length?.message)} {...clearingOnChange(form, 'length')}>
              {SUSPENSION_CHOICES.map((days) => (
                <option key={choiceValue(days)} value={choiceValue(days)}>
                  {choiceLabel(days)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={reasonId} label="Reason (shown to the member)" error={errors.reason?.message}>
            <Textarea
              maxLength={ADMIN_USER_LIMITS.reasonMax}
              {...fieldErrorProps(reasonId, errors.reason?.message)}
              {...clearingOnChange(form, 'reason')}
            />
          </FormField>
          <p className="-mt-3 text-right text-xs text-muted-foreground">
            {reason.length}/{ADMIN_USER_LIMITS.reasonMax}
          </p>
          <Button type="submit" variant="destructive" disabled={suspend.isPending}>
            {suspend.isPending ? 'Suspending...' : 'Suspend'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
