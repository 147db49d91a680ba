import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { useSchemaForm } from '../../lib/schema-form';
import { CONVERSATION_MESSAGES } from '../../../domain/negotiation';
import { proposalSchema } from '../../../domain/negotiation-schemas';
import type { PricingType } from '../../../domain/services';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { PriceFields } from './price-fields';

const toNumber = (v: string) => (v === '' ? Number.NaN : Number(v));

/** The server's price rule (proposalSchema), typed as text, with the chat's one message for any bad price. */
const proposalFormSchema = proposalSchema.extend({
  price: z
    .string()
    .refine((v) => proposalSchema.shape.price.safeParse(toNumber(v)).success, {
      error: CONVERSATION_MESSAGES.invalidPrice,
    })
    .transform(toNumber),
});
type ProposalFields = { price: string; pricingType: PricingType };

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
  const form = useSchemaForm<ProposalFields, z.output<typeof proposalFormSchema>>(proposalFormSchema, {
    defaultValues: { price: '', pricingType: defaultPricingType },
  });
  const [price, pricingType] = useWatch({ control: form.control, name: ['price', 'pricingType'] });
  const busy = form.formState.isSubmitting;

  // The mutation tells its success and failure (api.ts); a failed proposal keeps the dialog open as it was.
  const submit = form.handleSubmit((values) =>
    whenSucceeded(onPropose(values), () => {
      setOpen(false);
      form.setValue('price', '');
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={label} description="The other party can accept or reject it.">
        <form className="flex flex-col gap-4" noValidate onSubmit={(e) => void submit(e)}>
          <PriceFields
            idPrefix="proposal"
            priceLabel="Price (USD)"
            price={price}
            pricingType={pricingType}
            error={form.formState.errors.price?.message}
            onPrice={(value) => {
              form.setValue('price', value);
              form.clearErrors('price');
            }}
            onPricingType={(value) => form.setValue('pricingType', value)}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send Proposal'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
