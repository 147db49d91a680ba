import { describe, expect, it } from 'vitest';
import { isUrlShaped, portfolioItemSchema } from './portfolio';

describe('portfolio item', () => {
  it.each([
    ['https://example.com', true],
    ['http://my.site/path?q=1', true],
    ['http://localhost:3000', true],
    ['example.com', false],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['https://nodot', false],
  ])('%s is URL-shaped: %s', (url, shaped) => {
    expect(isUrlShaped(url)).toBe(shaped);
  });

  it('requires a title and turns empty optional fields into null', () => {
    expect(
      portfolioItemSchema.safeParse({ title: ' ', description: '', projectUrl: '', imageUrl: '' }).error!.issues[0]!
        .message,
    ).toBe('Title is required');
    expect(portfolioItemSchema.parse({ title: 'T', description: '', projectUrl: '', imageUrl: '' })).toEqual({
      title: 'T',
      description: null,
      projectUrl: null,
      imageUrl: null,
    });
  });
});
