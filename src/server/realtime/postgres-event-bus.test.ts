import { describe, expect, it } from 'vitest';
import { createEventDecoder, encodeEvent } from './postgres-event-bus';

describe('events over NOTIFY', () => {
  it('a small event is one payload; the sending server ignores its own', () => {
    const payloads = encodeEvent('a', 1, 'conversation:1', { type: 'message', text: 'Hi' });
    expect(payloads).toHaveLength(1);
    expect(createEventDecoder('b')(payloads[0]!)).toEqual({
      channel: 'conversation:1',
      data: { type: 'message', text: 'Hi' },
    });
    expect(createEventDecoder('a')(payloads[0]!)).toBeNull();
  });

  it('a large event with any characters is split under the 8000-byte limit and put back together', () => {
    const text = 'é"\\\n😀'.repeat(3000);
    const payloads = encodeEvent('a', 7, 'room:9', { text });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const decode = createEventDecoder('b');
    const results = payloads.map((p) => decode(p));
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(results.at(-1)).toEqual({ channel: 'room:9', data: { text } });
  });

  it('an event missing a part (lost to a reconnect) is dropped, and the next one still arrives', () => {
    const decode = createEventDecoder('b');
    const first = encodeEvent('a', 1, 'c', { text: 'x'.repeat(20_000) });
    for (const payload of first.filter((_, i) => i !== 1)) expect(decode(payload)).toBeNull();
    const second = encodeEvent('a', 2, 'c', { text: 'y'.repeat(20_000) });
    expect(second.map((p) => decode(p)).at(-1)).toEqual({ channel: 'c', data: { text: 'y'.repeat(20_000) } });
  });
});
