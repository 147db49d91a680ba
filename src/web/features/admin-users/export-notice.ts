import { ADMIN_USER_TEXTS } from '../../../domain/admin-users';

/** Our text for a partial export (beyond the spec, whose text is only for a complete one). */
export const exportTruncatedText = (count: number) =>
  `Exported the first ${count.toLocaleString('en-US')} subscriptions only: more are active than one file holds`;

/**
 * What Export All says once the file is saved: the spec's success only for a complete file; a file
 * cut at ADMIN_USER_LIMITS.exportMax is a warning with its count, so a partial list is never taken for all of it.
 */
export function exportNotice({ count, truncated }: { count: number; truncated: boolean }): {
  kind: 'success' | 'warning';
  text: string;
} {
  return truncated
    ? { kind: 'warning', text: exportTruncatedText(count) }
    : { kind: 'success', text: ADMIN_USER_TEXTS.exported };
}
