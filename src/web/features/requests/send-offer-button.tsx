import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CONVERSATION_MESSAGES, MESSAGE_MAX, proposalSchema } from '../../../domain/negotiation';
import { signInPathFor } from '../../../domain/redirect';
import type { PricingType } from '../../../domain/services';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { Textarea } from '../../ui/textarea';
import { useSession } from '../accounts/api';
import { PriceFields } from '../conversations/price-fields';
import { useSendOffer } from './api';
import type { RequestCardData } from './request-card';

const MESSAGE_REQUIRED = 'Please write a short message';

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
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [pricingType, setPricingType] = useState<PricingType>(request.pricingType);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ price?: string; message?: string }>({});
  const offer = useSendOffer();
  if (account?.id === request.userId) return null;

  function submit() {
    const parsed = proposalSchema.safeParse({ price: price === '' ? Number.NaN : Number(price), pricingType });
    const next = {
      price: parsed.success ? undefined : CONVERSATION_MESSAGES.invalidPrice,
      message: message.trim() ? undefined : MESSAGE_REQUIRED,
    };
    setErrors(next);
    if (!parsed.success || next.message) return;
    offer.mutate({ requestId: request.id, ...parsed.data, message: message.trim() });
  }

  return (
    <>
      <Button
        size="sm"
        className="mt-2"
        aria-label={`Send offer on ${request.title}`}
        onClick={() => {
          if (!account) {
            navigate(signInPathFor(`${location.pathname}${location.search}`));
            return;
          }
          setOpen(true);
        }}
      >
        Send offer
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Send an offer" description={`Your price and a message for "${request.title}".`}>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <PriceFields
              idPrefix="offer"
              priceLabel="Your price (USD)"
              price={price}
              pricingType={pricingType}
              error={errors.price}
              onPrice={setPrice}
              onPricingType={setPricingType}
            />
            <FormField id="offer-message" label="Message" error={errors.message}>
              <Textarea
                maxLength={MESSAGE_MAX}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                {...fieldErrorProps('offer-message', errors.message)}
              />
            </FormField>
            <Button type="submit" disabled={offer.isPending}>
              {offer.isPending ? 'Sending...' : 'Send Offer'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
