import { describe, expect, it } from 'vitest';
import { exportNotice } from './export-notice';

describe('exportNotice', () => {
  it('calls a complete export a success with the spec text', () => {
    expect(exportNotice({ count: 3, truncated: false })).toEqual({
      kind: 'success',
      text: 'Newsletter subscriptions exported successfully',
    });
  });

  it('warns with the count when the file was cut short', () => {
    expect(exportNotice({ count: 100_000, truncated: true })).toEqual({
      kind: 'warning',
      text: 'Exported the first 100,000 subscriptions only: more are active than one file holds',
    });
  });
});
