import { describe, expect, it } from 'vitest';
import { counterText, draftToSend, isSendKey } from './composer-rules';

describe('counterText', () => {
  it('stays hidden up to 90% of the limit, then shows n/max', () => {
    expect(counterText(1800, 2000)).toBeNull();
    expect(counterText(1801, 2000)).toBe('1801/2000');
    expect(counterText(2000, 2000)).toBe('2000/2000');
  });
});

describe('isSendKey', () => {
  const key = (k: Partial<Parameters<typeof isSendKey>[0]>) => ({
    key: 'Enter',
    shiftKey: false,
    isComposing: false,
    ...k,
  });
  it('sends on Enter', () => expect(isSendKey(key({}))).toBe(true));
  it('adds a line on Shift+Enter', () => expect(isSendKey(key({ shiftKey: true }))).toBe(false));
  it('lets an input method finish its word', () => expect(isSendKey(key({ isComposing: true }))).toBe(false));
  it('types any other key', () => expect(isSendKey(key({ key: 'a' }))).toBe(false));
});

describe('draftToSend', () => {
  it('sends the text trimmed, and nothing for blank text', () => {
    expect(draftToSend('  hello\nthere \n')).toBe('hello\nthere');
    expect(draftToSend(' \n\t ')).toBeNull();
  });
});
