import { z } from 'zod';
import { formatPrice } from './money';
import { PRICE_MAX, PRICING_TYPES, type PricingType } from './services';
import { DISPUTE_REASONS } from './settlement';

/**
 * The message model of direct conversations (and of chat rooms): what a message is comes from its
 * `kind`, never from its text. A participant can only ever write `text`; every other kind is a notice the server
 * posts, with a typed payload, and is rendered (as a centred notice, or as a list preview) from that payload alone.
 * So "[SYSTEM] Payment received" typed by a user stays the user's words in a normal bubble.
 *
 * Chat rooms add their kinds here (a media message, "member joined/left" notices) as new members of the same union;
 * the storage (a `kind` column and a jsonb `payload`) and the rendering path stay as they are.
 */

const cents = z
  .number()
  .int()
  .min(0)
  .max(PRICE_MAX * 100);
const pricingType = z.enum(PRICING_TYPES);
const price = { priceCents: cents, pricingType };

/** Every notice the server may post, by kind, with its payload. A client can never send one. */
export const noticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price_proposed'), ...price }),
  z.object({ kind: z.literal('price_accepted'), ...price }),
  z.object({ kind: z.literal('price_rejected'), ...price }),
  z.object({ kind: z.literal('original_price_accepted'), ...price }),
  z.object({ kind: z.literal('payment_received'), amountCents: cents }),
  z.object({ kind: z.literal('service_started') }),
  z.object({ kind: z.literal('service_completed') }),
  /** The client accepted the finished work, or the 3 days to do so ran out. */
  z.object({ kind: z.literal('completion_confirmed'), automatic: z.boolean() }),
  z.object({ kind: z.literal('service_cancelled'), refundedCents: cents }),
  z.object({ kind: z.literal('dispute_opened'), reason: z.enum(DISPUTE_REASONS) }),
  z.object({ kind: z.literal('card_dispute_reported') }),
  /** An admin refund; `reversedPayoutCents` when the provider's payout had to be taken back. */
  z.object({ kind: z.literal('payment_refunded'), amountCents: cents, reversedPayoutCents: cents.nullable() }),
  /** An admin's decision on a dispute: released in full (null) or part refunded. */
  z.object({ kind: z.literal('dispute_resolved'), refundedCents: cents.nullable() }),
  z.object({ kind: z.literal('payout_sent'), amountCents: cents }),
  z.object({ kind: z.literal('admin_reset') }),
]);
export type Notice = z.infer<typeof noticeSchema>;
export type NoticeKind = Notice['kind'];
export const NOTICE_KINDS = noticeSchema.options.map((o) => o.shape.kind.value) as NoticeKind[];

/** What a message says: a participant's own words, or a notice. */
export type MessageBody = { kind: 'text'; text: string } | Notice;
export type MessageKind = MessageBody['kind'];

/** A notice's payload as stored (its kind lives in its own column). */
export type NoticePayload = Notice extends infer N ? (N extends Notice ? Omit<N, 'kind'> : never) : never;

/** The stored form of a message body: the `kind`, `text` and `payload` columns. */
export function toStored(body: MessageBody): { kind: MessageKind; text: string | null; payload: NoticePayload | null } {
  if (body.kind === 'text') return { kind: 'text', text: body.text, payload: null };
  const { kind, ...payload } = body;
  return { kind, text: null, payload };
}

/**
 * A stored message read back. A notice whose payload does not parse (a kind from a newer server, a damaged row) is
 * null: shown as nothing rather than guessed at, and never as text (its words were not a user's).
 */
export function messageBody(stored: { kind: string; text: string | null; payload: unknown }): MessageBody | null {
  if (stored.kind === 'text') return { kind: 'text', text: stored.text ?? '' };
  const parsed = noticeSchema.safeParse({ ...(stored.payload as object), kind: stored.kind });
  return parsed.success ? parsed.data : null;
}

export function isNotice(body: MessageBody): body is Notice {
  return body.kind !== 'text';
}

/** "$40.00/hour" or "$40.00/job": a price as notices say it. */
export function priceText(priceCents: number, type: PricingType): string {
  return `${formatPrice(priceCents)}/${type === 'hourly' ? 'hour' : 'job'}`;
}

/** The words of a notice, the same on the chat screen and in the conversation list's last message. */
export function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case 'price_proposed':
      return `Proposed ${priceText(notice.priceCents, notice.pricingType)}`;
    case 'price_accepted':
      return `Accepted ${priceText(notice.priceCents, notice.pricingType)}`;
    case 'price_rejected':
      return `Rejected ${priceText(notice.priceCents, notice.pricingType)}`;
    case 'original_price_accepted':
      return `Original price accepted: ${priceText(notice.priceCents, notice.pricingType)}`;
    case 'payment_received':
      return `Payment of ${formatPrice(notice.amountCents)} received`;
    case 'service_started':
      return 'The provider started the service';
    case 'service_completed':
      return 'The provider marked the service as completed';
    case 'completion_confirmed':
      return notice.automatic
        ? 'Completion was confirmed automatically 3 days after the service was completed'
        : 'The client confirmed the service is complete';
    case 'service_cancelled':
      return `The client cancelled the service and was refunded ${formatPrice(notice.refundedCents)}`;
    case 'dispute_opened':
      return `The client opened a dispute (${notice.reason}). The payout is on hold until an admin resolves it`;
    case 'card_dispute_reported':
      return 'The card issuer reported a dispute on this payment. The payout is on hold until an admin resolves it';
    case 'payment_refunded': {
      const refunded = `An admin refunded ${formatPrice(notice.amountCents)} to the client`;
      return notice.reversedPayoutCents === null
        ? refunded
        : `${refunded}; the provider's payout of ${formatPrice(notice.reversedPayoutCents)} was reversed`;
    }
    case 'dispute_resolved':
      return notice.refundedCents === null
        ? 'An admin resolved the dispute: the payment is released to the provider'
        : `An admin resolved the dispute: ${formatPrice(notice.refundedCents)} refunded to the client, the rest released to the provider`;
    case 'payout_sent':
      return `${formatPrice(notice.amountCents)} was paid out to the provider`;
    case 'admin_reset':
      return 'An admin reset the price and progress of this conversation';
  }
}

/** One line for a list: the user's text as they wrote it, or the notice in words. */
export function messagePreview(body: MessageBody): string {
  return isNotice(body) ? noticeText(body) : body.text;
}

/** How a notice is emphasised: agreements, refusals and proposals stand out from progress notices. */
export type NoticeTone = 'agreed' | 'refused' | 'proposed' | 'neutral';
export function noticeTone(notice: Notice): NoticeTone {
  switch (notice.kind) {
    case 'price_accepted':
    case 'original_price_accepted':
      return 'agreed';
    case 'price_rejected':
      return 'refused';
    case 'price_proposed':
      return 'proposed';
    default:
      return 'neutral';
  }
}
