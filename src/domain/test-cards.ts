/**
 * Stripe's documented test card numbers and their outcomes (https://docs.stripe.com/testing), which the built-in
 * test mode honours so a payment can be tried end to end without keys.
 */
export type CardOutcome =
  | { kind: 'success' }
  | { kind: 'challenge' }
  | { kind: 'decline'; code: string; declineCode: string | null; message: string };

export const DECLINE_MESSAGES = {
  generic: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  incorrectNumber: 'Your card number is incorrect.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  invalidExpiry: "Your card's expiration date is invalid.",
  notTestCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
} as const;

const decline = (code: string, declineCode: string | null, message: string): CardOutcome => ({
  kind: 'decline',
  code,
  declineCode,
  message,
});

export const TEST_CARDS: { number: string; label: string; outcome: CardOutcome }[] = [
  { number: '4242424242424242', label: 'Visa: succeeds', outcome: { kind: 'success' } },
  { number: '5555555555554444', label: 'Mastercard: succeeds', outcome: { kind: 'success' } },
  { number: '4000002500003155', label: '3D Secure: authentication required', outcome: { kind: 'challenge' } },
  { number: '4000002760003184', label: '3D Secure 2: authentication required', outcome: { kind: 'challenge' } },
  {
    number: '4000000000000002',
    label: 'Generic decline',
    outcome: decline('card_declined', 'generic_decline', DECLINE_MESSAGES.generic),
  },
  {
    number: '4000000000009995',
    label: 'Insufficient funds',
    outcome: decline('card_declined', 'insufficient_funds', DECLINE_MESSAGES.insufficientFunds),
  },
  {
    number: '4000000000000069',
    label: 'Expired card',
    outcome: decline('expired_card', null, DECLINE_MESSAGES.expired),
  },
  {
    number: '4000000000000127',
    label: 'Incorrect CVC',
    outcome: decline('incorrect_cvc', null, DECLINE_MESSAGES.incorrectCvc),
  },
];

/** "4242 4242 4242 4242": digits in groups of four, as cards print them. */
export function groupedCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" in the future (the card is valid through the end of that month). */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return new Date(Date.UTC(year, month, 1)) > now;
}

/** What the test mode does with a card, as Stripe's test mode would. */
export function testCardOutcome(card: { number: string; expiry: string; cvc: string }, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return decline('incorrect_number', null, DECLINE_MESSAGES.incorrectNumber);
  if (!expiryValid(card.expiry, now)) return decline('invalid_expiry_year', null, DECLINE_MESSAGES.invalidExpiry);
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return decline('invalid_cvc', null, DECLINE_MESSAGES.incorrectCvc);
  const known = TEST_CARDS.find((c) => c.number === digits);
  return known ? known.outcome : decline('card_declined', 'test_mode_live_card', DECLINE_MESSAGES.notTestCard);
}
