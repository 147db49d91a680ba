import { describe, expect, it } from 'vitest';
import { COMPRESSIBLE_TYPES } from './compression';

describe('which responses are compressed', () => {
  it.each([
    'text/html; charset=utf-8',
    'text/css',
    'application/json; charset=utf-8',
    'application/javascript',
    'text/javascript; charset=utf-8',
    'image/svg+xml',
    'application/manifest+json',
  ])('compresses %s', (type) => expect(COMPRESSIBLE_TYPES.test(type)).toBe(true));

  it.each(['image/webp', 'image/gif', 'video/mp4', 'application/octet-stream', 'text/event-stream'])(
    'leaves %s as it is (already compressed media, or a stream that must flush as written)',
    (type) => expect(COMPRESSIBLE_TYPES.test(type)).toBe(false),
  );
});
