import { useState } from 'react';
import { toast } from 'sonner';
import { DISPUTE_REASONS, disputeSchema, SETTLEMENT_MESSAGES } from '../../../domain/settlement';
import { firstErrorPerField } from '../../lib/field-errors';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { NativeSelect } from '../../ui/native-select';
import { TextAreaField } from '../../ui/text-field';
import { useSettlementMutations } from './api';

/** The client disputes the service: a reason and what went wrong; the payout freezes until an admin decides. */
export function DisputeDialog({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; description?: string }>({});
  const { dispute } = useSettlementMutations(conversationId);

  function send() {
    const parsed = disputeSchema.safeParse({ reason, description });
    if (!parsed.success) return setErrors(firstErrorPerField<'reason' | 'description'>(parsed.error));
    dispute.mutate(
      { conversationId, ...parsed.data },
      {
        onSuccess: () => {
          toast.success(SETTLEMENT_MESSAGES.disputed);
          setOpen(false);
        },
        onError: (error) => toast.error(error.message || SETTLEMENT_MESSAGES.disputeFailed),
      },
    );
  }

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
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <FormField id="dispute-reason" label="Reason" error={errors.reason}>
            <NativeSelect
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setErrors((er) => ({ ...er, reason: undefined }));
              }}
              {...fieldErrorProps('dispute-reason', errors.reason)}
            >
              <option value="">Choose a reason</option>
              {DISPUTE_REASONS.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </NativeSelect>
          </FormField>
          <TextAreaField
            id="dispute-description"
            label="What went wrong?"
            error={errors.description}
            maxLength={1000}
            value={description}
            onValueChange={(v) => {
              setDescription(v);
              setErrors((er) => ({ ...er, description: undefined }));
            }}
          />
          <Button type="submit" disabled={dispute.isPending}>
            {dispute.isPending ? 'Submitting...' : 'Submit Dispute'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
