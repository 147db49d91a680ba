import { formatPrice } from '../../../domain/money';

/** How long one value may be in the table's Details cell; the whole entry is a click away. */
export const DETAIL_VALUE_MAX = 80;

export interface DetailLine {
  label: string;
  /** The whole value, as words. */
  value: string;
}

/** refundCents -> "refund", reversedPayoutCents -> "reversed payout", authorId -> "author id". */
function labelOf(key: string): string {
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words;
}

function valueOf(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map((v) => valueOf('', v) ?? '').join(', ');
  if (typeof value === 'number' && key.endsWith('Cents')) return formatPrice(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/_/g, ' ');
}

/**
 * An entry's details as labelled lines, the reason first (the "why" an admin wrote): amounts in dollars, outcomes
 * in words, empty values left out. Details are whatever the action stored, so unknown keys are shown too.
 */
export function detailLines(details: Record<string, unknown>): DetailLine[] {
  const keys = Object.keys(details).sort((a, b) => Number(b === 'reason') - Number(a === 'reason'));
  return keys.flatMap((key) => {
    const value = valueOf(key, details[key]);
    return value === null ? [] : [{ label: labelOf(key), value }];
  });
}

/** One short line for the table: "reason: Spam · amount: $25.00", each value cut to DETAIL_VALUE_MAX. */
export function detailsSummary(details: Record<string, unknown>): { text: string; shortened: boolean } {
  let shortened = false;
  const text = detailLines(details)
    .map(({ label, value }) => {
      const chars = [...value];
      if (chars.length <= DETAIL_VALUE_MAX) return `${label}: ${value}`;
      shortened = true;
      return `${label}: ${chars.slice(0, DETAIL_VALUE_MAX - 1).join('')}…`;
    })
    .join(' · ');
  return { text, shortened };
}
