// The conversation procedures' input rules (zod). Apart from negotiation.ts, whose states and texts the service cards
// and the chat read: a listing page loads no schema library.
import { z } from 'zod';
import { CONVERSATION_MESSAGES, MESSAGE_MAX } from './negotiation';
import { PRICE_MAX, PRICING_TYPES } from './services';

export const messageTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'Type a message first' })
  .max(MESSAGE_MAX, { error: `A message can be at most ${MESSAGE_MAX} characters` });

export const proposalSchema = z.object({
  price: z
    .number({ error: CONVERSATION_MESSAGES.invalidPrice })
    .gt(0, { error: CONVERSATION_MESSAGES.invalidPrice })
    .max(PRICE_MAX, { error: CONVERSATION_MESSAGES.invalidPrice })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: CONVERSATION_MESSAGES.invalidPrice }),
  pricingType: z.enum(PRICING_TYPES),
});

/** Accepting the listing price: the price the client was shown, to be compared with the listing's. */
export const listingPriceSchema = z.object({
  priceCents: z
    .number()
    .int()
    .min(0)
    .max(PRICE_MAX * 100),
  pricingType: z.enum(PRICING_TYPES),
});
