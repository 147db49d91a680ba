import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES, newsletterEmailSchema } from './newsletter';

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
