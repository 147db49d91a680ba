import { useState } from 'react';
import { toast } from 'sonner';
import { CONVERSATION_MESSAGES, proposalSchema } from '../../../domain/negotiation';
import type { PricingType } from '../../../domain/services';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { PriceFields } from './price-fields';

/** Propose (or adjust) a price: a number above 0 with step 0.01, fixed or hourly. */
export function ProposalDialog({
  label,
  defaultPricingType,
  onPropose,
}: {
  label: string;
  defaultPricingType: PricingType;
  onPropose(input: { price: number; pricingType: PricingType }): Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [pricingType, setPricingType] = useState<PricingType>(defaultPricingType);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const parsed = proposalSchema.safeParse({ price: price === '' ? Number.NaN : Number(price), pricingType });
    if (!parsed.success) {
      setError(CONVERSATION_MESSAGES.invalidPrice);
      return;
    }
    setBusy(true);
    try {
      await onPropose(parsed.data);
      toast.success(CONVERSATION_MESSAGES.proposalSent);
      setOpen(false);
      setPrice('');
    } catch {
      toast.error(CONVERSATION_MESSAGES.proposeFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={label} description="The other party can accept or reject it.">
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <PriceFields
            idPrefix="proposal"
            priceLabel="Price (USD)"
            price={price}
            pricingType={pricingType}
            error={error}
            onPrice={(value) => {
              setPrice(value);
              setError(undefined);
            }}
            onPricingType={setPricingType}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send Proposal'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
