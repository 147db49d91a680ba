import { useState, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGE_MAX } from '../../../domain/negotiation';
import { messageTextSchema, proposalSchema } from '../../../domain/negotiation-schemas';
import type { PricingType } from '../../../domain/services';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { Textarea } from '../../ui/textarea';
import { useSession } from '../accounts/api';
import { useMemberOrSignIn } from '../accounts/use-known-session';
import { DetailsConfirmDialog, needsDetailsConfirmation } from '../conversations/details-confirm-dialog';
import { PriceFields } from '../conversations/price-fields';
import { useSendOffer } from './api';
import type { RequestCardData } from './request-card';

const MESSAGE_REQUIRED = 'Please write a short message';

/** The offer's message box, where Edit message returns the focus (the form library holds the element's own ref). */
const messageBox: RefObject<HTMLTextAreaElement | null> = {
  get current() {
    return document.getElementById('offer-message') as HTMLTextAreaElement | null;
  },
};

/**
 * The server's rules (proposalSchema, messageTextSchema), with this form's own text for an empty message.
 * The price is typed as text: empty is no number at all.
 */
const offerFormSchema = proposalSchema.extend({
  price: z.preprocess((v) => (v === '' ? Number.NaN : Number(v)), proposalSchema.shape.price),
  message: z.string().trim().min(1, { error: MESSAGE_REQUIRED }).pipe(messageTextSchema),
});
type OfferFields = { price: string; pricingType: PricingType; message: string };

/**
 * Send offer (beyond the spec): anyone but the poster answers a request with a price and a message; the poster
 * becomes the client of a conversation and the offer its first proposal.
 */
export function SendOfferButton({
  request,
}: {
  request: Pick<RequestCardData, 'id' | 'userId' | 'title' | 'pricingType'>;
}) {
  const { account } = useSession();
  const memberOrSignIn = useMemberOrSignIn();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm<OfferFields, z.output<typeof offerFormSchema>>(offerFormSchema, {
    defaultValues: { price: '', pricingType: request.pricingType, message: '' },
  });
  const [price, pricingType] = useWatch({ control: form.control, name: ['price', 'pricingType'] });
  const errors = { price: form.formState.errors.price?.message, message: form.formState.errors.message?.message };
  const offer = useSendOffer();
  /** The offer the server held back for its contact details, until the sender sends it anyway or edits it. */
  const [heldBack, setHeldBack] = useState<z.output<typeof offerFormSchema> | null>(null);
  if (account?.id === request.userId) return null;

  const send = (values: z.output<typeof offerFormSchema>, confirmDetails: boolean) =>
    offer.mutate(
      { requestId: request.id, ...values, confirmDetails },
      { onError: (error) => needsDetailsConfirmation(error) && setHeldBack(values) },
    );
  const submit = form.handleSubmit((values) => send(values, false));

  return (
    <>
      <Button
        size="sm"
        className="mt-2"
        aria-label={`Send offer on ${request.title}`}
        onClick={async () => {
          const member = await memberOrSignIn();
          if (member && member.id !== request.userId) setOpen(true);
        }}
      >
        Send offer
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Send an offer" description={`Your price and a message for "${request.title}".`}>
          <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
            <PriceFields
              idPrefix="offer"
              priceLabel="Your price (USD)"
              price={price}
              pricingType={pricingType}
              error={errors.price}
              onPrice={(value) => form.setValue('price', value)}
              onPricingType={(value) => form.setValue('pricingType', value)}
            />
            <FormField id="offer-message" label="Message" error={errors.message}>
              <Textarea
                maxLength={MESSAGE_MAX}
                {...form.register('message')}
                {...fieldErrorProps('offer-message', errors.message)}
              />
            </FormField>
            <Button type="submit" disabled={offer.isPending}>
              {offer.isPending ? 'Sending...' : 'Send Offer'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
      <DetailsConfirmDialog
        open={heldBack !== null}
        box={messageBox}
        onEdit={() => setHeldBack(null)}
        onSendAnyway={() => {
          if (heldBack) send(heldBack, true);
          setHeldBack(null);
        }}
      />
    </>
  );
}
