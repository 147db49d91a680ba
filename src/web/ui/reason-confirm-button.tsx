import { useState } from 'react';
import { z } from 'zod';
import { ADMIN_USER_LIMITS, adminReasonSchema } from '../../domain/admin-users';
import { clearingOnChange, useSchemaForm } from '../lib/schema-form';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';
import { FormField, fieldErrorProps } from './form-field';
import { Textarea } from './textarea';

/** The reason is the server's own rule (adminReasonSchema: required, non-blank, bounded). */
const reasonFormSchema = z.object({ reason: adminReasonSchema });
type ReasonFields = z.input<typeof reasonFormSchema>;

/**
 * An admin decision behind a confirmation that asks why (the audit log keeps who, when, what and
 * why): Restore, Delete and Dismiss on /admin-services and the dashboard; Delete, Make
 * admin, Remove admin and Lift suspension on /admin/users. One click never decides: the dialog opens, the reason
 * is typed in a labelled field, and the dialog closes only once the server agreed (a failure keeps it open with what
 * was typed; its toast comes from the mutation).
 */
export function ReasonConfirmButton({
  id,
  trigger,
  triggerLabel,
  triggerVariant = 'outline',
  title,
  description,
  confirmLabel,
  busyLabel,
  onConfirm,
}: {
  /** Unique on the page: the reason field's id. */
  id: string;
  trigger: string;
  /** The trigger's accessible name when its text alone is ambiguous (a grid of cards). */
  triggerLabel?: string;
  /** The trigger's look (a deletion reads as one); the dialog's own confirm button keeps the default. */
  triggerVariant?: 'outline' | 'destructive';
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  /** Resolves true when the server agreed. */
  onConfirm(reason: string): Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm<ReasonFields, z.output<typeof reasonFormSchema>>(reasonFormSchema, {
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const reason = form.watch('reason') ?? '';
  const reasonId = `reason-${id}`;

  const submit = form.handleSubmit(async ({ reason }) => {
    if (await onConfirm(reason)) {
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
        <Button variant={triggerVariant} size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <FormField id={reasonId} label="Reason (kept in the audit log)" error={errors.reason?.message}>
            <Textarea
              maxLength={ADMIN_USER_LIMITS.reasonMax}
              {...fieldErrorProps(reasonId, errors.reason?.message)}
              {...clearingOnChange(form, 'reason')}
            />
          </FormField>
          <p className="-mt-3 text-right text-xs text-muted-foreground">
            {reason.length}/{ADMIN_USER_LIMITS.reasonMax}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            {/* The default variant: the destructive one's white on red fails axe's contrast in dark mode. */}
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? busyLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
