import { z } from 'zod';
import { AUDIT_ACTION_NAMES, AUDIT_LIMITS, AUDIT_TEXTS, type AuditAction } from '../../../domain/audit';

/** The filter form's fields as typed: '' means "any". Dates are the date inputs' YYYY-MM-DD. */
export interface AuditFilterValues {
  action: AuditAction | '';
  actorId: string;
  subjectId: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = { action: '', actorId: '', subjectId: '', from: '', to: '' };

/** YYYY-MM-DD from 1900 on: the server takes no earlier instant (PostgreSQL has no year 0). */
const DAY = /^(19|[2-9]\d)\d{2}-\d{2}-\d{2}$/;
const day = z.union([z.literal(''), z.string().regex(DAY)]);

/** The form's schema: what Apply checks before the filters go into the address. */
export const auditFilterSchema = z
  .object({
    action: z.union([z.literal(''), z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]])]),
    actorId: z.string().max(AUDIT_LIMITS.idMax),
    subjectId: z.string().trim().max(AUDIT_LIMITS.idMax, AUDIT_TEXTS.subjectTooLong),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: AUDIT_TEXTS.datesOrder, path: ['to'] });

/**
 * The filters a link carries. The address is typed by anyone, so each value is checked and a bad one is dropped
 * rather than sent (the server would refuse the whole page).
 */
export function filtersFromParams(params: URLSearchParams): AuditFilterValues {
  const action = params.get('action') ?? '';
  const id = (name: string) => {
    const value = (params.get(name) ?? '').trim();
    return value.length <= AUDIT_LIMITS.idMax ? value : '';
  };
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) && !Number.isNaN(localDay(value).getTime()) ? value : '';
  };
  const from = date('from');
  const to = date('to');
  return {
    action: (AUDIT_ACTION_NAMES as string[]).includes(action) ? (action as AuditAction) : '',
    actorId: id('actor'),
    subjectId: id('subject'),
    from,
    to: from && to && to < from ? '' : to,
  };
}

/** The address for a set of filters: only the ones set, so a plain /admin/audit means "everything". */
export function paramsFromFilters(values: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.action) params.set('action', values.action);
  if (values.actorId) params.set('actor', values.actorId);
  if (values.subjectId.trim()) params.set('subject', values.subjectId.trim());
  if (values.from) params.set('from', values.from);
  if (values.to) params.set('to', values.to);
  return params;
}

/** Midnight of a YYYY-MM-DD day in the reader's time zone. */
function localDay(value: string): Date {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : new Date(NaN);
}

/**
 * audit.list's input for the filters: From is the start of that day and To the end of that day, both in the
 * reader's time zone, so "To: today" includes what happened a minute ago.
 */
export function listInputOf(values: AuditFilterValues) {
  const endOfDay = (value: string) => {
    const date = localDay(value);
    date.setDate(date.getDate() + 1);
    return new Date(date.getTime() - 1);
  };
  return {
    ...(values.action ? { action: values.action } : {}),
    ...(values.actorId ? { actorId: values.actorId } : {}),
    ...(values.subjectId ? { subjectId: values.subjectId } : {}),
    ...(values.from ? { from: localDay(values.from).toISOString() } : {}),
    ...(values.to ? { to: endOfDay(values.to).toISOString() } : {}),
  };
}
