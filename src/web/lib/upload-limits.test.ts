import { describe, expect, it } from 'vitest';
import { IMAGE_MIMES, UPLOAD_KINDS } from '../../domain/files';
import { acceptAttribute, describeUploadLimits } from './upload-limits';

describe('upload limits as people read them', () => {
  it('names every accepted image type and the size limit of each kind', () => {
    expect(describeUploadLimits('portfolio')).toBe('JPEG, PNG, GIF or WebP, up to 5 MB');
    expect(describeUploadLimits('service')).toBe('JPEG, PNG, GIF or WebP, up to 5 MB');
    expect(describeUploadLimits('avatar')).toBe('JPEG, PNG, GIF or WebP, up to 10 MB');
    expect(describeUploadLimits('chat-media')).toBe('JPEG, PNG, GIF, WebP, MP4, WebM or MOV, up to 50 MB');
  });

  it('lets the picker offer exactly the types the server accepts', () => {
    expect(acceptAttribute('request').split(',')).toEqual([...IMAGE_MIMES]);
    expect(acceptAttribute('chat-media').split(',')).toEqual([...UPLOAD_KINDS['chat-media'].accepts]);
  });
});
