import { describe, expect, it } from 'vitest';
import { avatarVariantUrl, checkUpload, MB } from './files';

describe('upload checks', () => {
  it.each([
    ['avatar', 'image/webp', 10 * MB, null],
    ['avatar', 'image/svg+xml', 100, 'Please select a valid image file (JPG, PNG, GIF, or WEBP)'],
    ['avatar', 'image/png', 10 * MB + 1, 'Image size should be less than 10MB'],
    ['portfolio', 'application/pdf', 100, 'Please select an image file'],
    ['portfolio', 'image/gif', 5 * MB + 1, 'File size must be less than 5MB'],
  ] as const)('%s %s of %i bytes -> %s', (kind, type, size, message) => {
    expect(checkUpload(kind, { type, size })).toBe(message);
  });
});

describe('avatar variants', () => {
  it('picks the stored size that fits twice the display size', () => {
    const url = '/files/avatars/u/1@192.webp';
    expect(avatarVariantUrl(url, 32)).toBe('/files/avatars/u/1@64.webp');
    expect(avatarVariantUrl(url, 40)).toBe('/files/avatars/u/1@80.webp');
    expect(avatarVariantUrl(url, 64)).toBe('/files/avatars/u/1@128.webp');
    expect(avatarVariantUrl(url, 96)).toBe('/files/avatars/u/1@192.webp');
    expect(avatarVariantUrl('https://cdn.example/a.png', 32)).toBe('https://cdn.example/a.png');
  });
});
