import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS } from '../../../domain/audit';
import {
  auditFilterSchema,
  EMPTY_AUDIT_FILTERS,
  filtersFromParams,
  listInputOf,
  paramsFromFilters,
} from './audit-filters';

describe('the audit filters in the address', () => {
  it('a link keeps every filter: filters -> address -> the same filters', () => {
    const filters = {
      action: 'feedback.resolved' as const,
      actorId: 'admin-1',
      subjectId: 'abc',
      from: '2025-01-02',
      to: '2025-01-31',
    };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe('action=feedback.resolved&actor=admin-1&subject=abc&from=2025-01-02&to=2025-01-31');
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(filters);
    expect(paramsFromFilters(EMPTY_AUDIT_FILTERS).toString()).toBe('');
  });

  it('drops what a hand-typed address gets wrong instead of sending it', () => {
    const params = new URLSearchParams({
      action: 'everything.deleted',
      actor: 'x'.repeat(65),
      subject: '  s-1  ',
      from: '2025-02-30',
      to: 'yesterday',
    });
    expect(filtersFromParams(params)).toEqual({ ...EMPTY_AUDIT_FILTERS, subjectId: 's-1' });
    expect(filtersFromParams(new URLSearchParams({ from: '0001-01-01' })).from).toBe('');
    // A To before From is dropped, From kept.
    const swapped = filtersFromParams(new URLSearchParams({ from: '2025-03-10', to: '2025-03-01' }));
    expect(swapped).toMatchObject({ from: '2025-03-10', to: '' });
  });

  it('From is the start and To the end of the local day, as instants for the server', () => {
    const input = listInputOf({ ...EMPTY_AUDIT_FILTERS, from: '2025-01-02', to: '2025-01-02' });
    expect(input).toEqual({
      from: new Date(2025, 0, 2).toISOString(),
      to: new Date(new Date(2025, 0, 3).getTime() - 1).toISOString(),
    });
    expect(listInputOf(EMPTY_AUDIT_FILTERS)).toEqual({});
  });

  it('the form refuses From after To and an overlong subject id, with our texts', () => {
    const late = auditFilterSchema.safeParse({ ...EMPTY_AUDIT_FILTERS, from: '2025-05-02', to: '2025-05-01' });
    expect(late.success ? null : late.error.issues[0]!.message).toBe(AUDIT_TEXTS.datesOrder);
    const long = auditFilterSchema.safeParse({ ...EMPTY_AUDIT_FILTERS, subjectId: 's'.repeat(65) });
    expect(long.success ? null : long.error.issues[0]!.message).toBe(AUDIT_TEXTS.subjectTooLong);
    expect(auditFilterSchema.safeParse({ ...EMPTY_AUDIT_FILTERS, from: '2025-05-01', to: '2025-05-01' }).success).toBe(
      true,
    );
  });
});
