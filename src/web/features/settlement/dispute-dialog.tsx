import { useState } from 'react';
import type { z } from 'zod';
import { DISPUTE_REASONS, disputeSchema } from '../../../domain/settlement';
import { clearingOnChange, useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { NativeSelect } from '../../ui/native-select';
import { Textarea } from '../../ui/textarea';
import { useSettlementMutations } from './api';

interface DisputeFields {
  reason: string;
  description: string;
}

/** The client disputes the service: a reason and what went wrong; the payout freezes until an admin decides. */
export function DisputeDialog({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm<DisputeFields, z.output<typeof disputeSchema>>(disputeSchema, {
    defaultValues: { reason: '', description: '' },
  });
  const { errors } = form.formState;
  const { dispute } = useSettlementMutations();

  const send = form.handleSubmit((parsed) =>
    // The toasts are the mutation's own; only closing the dialog belongs to it.
    dispute.mutate({ conversationId, ...parsed }, { onSuccess: () => setOpen(false) }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Open a Dispute
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Open a dispute"
        description="The payout to the provider is frozen until an admin reviews the dispute and decides: release, full refund or partial refund."
      >
        <form noValidate className="flex flex-col gap-4" onSubmit={send}>
          <FormField id="dispute-reason" label="Reason" error={errors.reason?.message}>
            <NativeSelect
              {...fieldErrorProps('dispute-reason', errors.reason?.message)}
              {...clearingOnChange(form, 'reason')}
            >
              <option value="">Choose a reason</option>
              {DISPUTE_REASONS.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="dispute-description" label="What went wrong?" error={errors.description?.message}>
            <Textarea
              maxLength={1000}
              {...fieldErrorProps('dispute-description', errors.description?.message)}
              {...clearingOnChange(form, 'description')}
            />
          </FormField>
          <Button type="submit" disabled={dispute.isPending}>
            {dispute.isPending ? 'Submitting...' : 'Submit Dispute'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
