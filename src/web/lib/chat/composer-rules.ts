/** A composer's rules, apart from the box they drive. */

/** Where the counter appears: from 90% of the limit, so it tells of the limit before the box stops taking text. */
export const COUNTER_FROM = 0.9;

/** The counter under the box ("1850/2000"), or null while the text is well under the limit. */
export function counterText(length: number, max: number): string | null {
  return length > max * COUNTER_FROM ? `${length}/${max}` : null;
}

/** Enter sends; Shift+Enter is a new line; an Enter that ends an input method's composition (a CJK word) is not a send. */
export function isSendKey(key: { key: string; shiftKey: boolean; isComposing: boolean }): boolean {
  return key.key === 'Enter' && !key.shiftKey && !key.isComposing;
}

/** What a send carries: the text trimmed, or null when there is nothing to send. */
export function draftToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
