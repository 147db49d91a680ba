import { describe, expect, it } from 'vitest';
import { CONTACT_DETAIL_KINDS, DETAILS_HIDDEN_TEXT, findDetails, maskDetails, screenMessage } from './contact-details';
import { NEGATIVES, POSITIVES } from './contact-details.corpus';
import { MESSAGE_MAX } from './negotiation';

const percent = (n: number, of: number) => Math.round((n / of) * 1000) / 10;

describe('the contact details detector on its corpus', () => {
  it('has a corpus of a useful size', () => {
    expect(POSITIVES.length).toBeGreaterThanOrEqual(200);
    expect(NEGATIVES.length).toBeGreaterThanOrEqual(300);
  });

  it('catches at least 95% of the messages that share details, and of the right kind', () => {
    const missed = POSITIVES.filter(([kind, text]) => !findDetails(text).some((m) => m.kind === kind));
    const caught = percent(POSITIVES.length - missed.length, POSITIVES.length);
    console.info(`contact details caught: ${caught}% of ${POSITIVES.length}; missed:`, missed);
    expect(caught).toBeGreaterThanOrEqual(95);
  });

  it('raises at most 2% false alarms on ordinary chat', () => {
    const alarms = NEGATIVES.filter((text) => findDetails(text).length > 0);
    const rate = percent(alarms.length, NEGATIVES.length);
    console.info(
      `contact details false alarms: ${rate}% of ${NEGATIVES.length}:`,
      alarms.map((t) => [t, findDetails(t)]),
    );
    expect(rate).toBeLessThanOrEqual(2);
  });
});

describe('maskDetails', () => {
  it('replaces each detail and keeps the rest of the message', () => {
    expect(maskDetails('text me 07911 123456 or sam at gmail dot com, thanks')).toBe(
      `text me ${DETAILS_HIDDEN_TEXT} or ${DETAILS_HIDDEN_TEXT}, thanks`,
    );
  });

  it('leaves video links alone unless asked to hide them', () => {
    const text = 'the lesson: https://zoom.us/j/91234567890';
    expect(maskDetails(text, CONTACT_DETAIL_KINDS)).toBe(text);
    expect(maskDetails(text, ['video'])).toBe(`the lesson: ${DETAILS_HIDDEN_TEXT}`);
  });

  it('does not read the meeting id of a video link as a phone number', () => {
    expect(findDetails('https://zoom.us/j/91234567890').map((m) => m.kind)).toEqual(['video']);
  });
});

describe('screenMessage', () => {
  const phone = 'call me 07911 123456';
  const zoom = 'join https://meet.google.com/abc-defg-hij';

  it('asks before a deal is paid and hides nothing between adults', () => {
    expect(screenMessage(phone, { paid: false, minorInvolved: false })).toEqual({
      needsConfirmation: true,
      shown: phone,
      original: null,
    });
  });

  it('asks nothing of adults once paid', () => {
    expect(screenMessage(phone, { paid: true, minorInvolved: false }).needsConfirmation).toBe(false);
  });

  it('hides details where a minor is involved and keeps the original apart', () => {
    expect(screenMessage(phone, { paid: false, minorInvolved: true })).toEqual({
      needsConfirmation: true,
      shown: `call me ${DETAILS_HIDDEN_TEXT}`,
      original: phone,
    });
  });

  it('lets a video link pass once paid, even with a minor, but still hides a phone number', () => {
    expect(screenMessage(zoom, { paid: true, minorInvolved: true })).toEqual({
      needsConfirmation: false,
      shown: zoom,
      original: null,
    });
    expect(screenMessage(zoom, { paid: false, minorInvolved: true }).shown).toBe(`join ${DETAILS_HIDDEN_TEXT}`);
    expect(screenMessage(`${zoom} or ${phone}`, { paid: true, minorInvolved: true }).shown).toBe(
      `${zoom} or call me ${DETAILS_HIDDEN_TEXT}`,
    );
  });

  it('passes ordinary text untouched', () => {
    expect(screenMessage('see you at 5:30, £25/hour', { paid: false, minorInvolved: true })).toEqual({
      needsConfirmation: false,
      shown: 'see you at 5:30, £25/hour',
      original: null,
    });
  });
});

describe('bounded work', () => {
  it('answers quickly on the longest and most awkward messages', () => {
    const awkward = [
      'a'.repeat(MESSAGE_MAX),
      'a@'.repeat(MESSAGE_MAX / 2),
      'a at '.repeat(MESSAGE_MAX / 5),
      'a . '.repeat(MESSAGE_MAX / 4),
      '1 '.repeat(MESSAGE_MAX / 2),
      'my snap is '.repeat(MESSAGE_MAX / 11),
      'pay '.repeat(MESSAGE_MAX / 4),
      'x (at) y (dot) '.repeat(MESSAGE_MAX / 15),
      '12 baker '.repeat(MESSAGE_MAX / 9),
      'gb12 abcd '.repeat(MESSAGE_MAX / 10),
    ];
    for (const text of awkward) {
      const started = performance.now();
      findDetails(text.slice(0, MESSAGE_MAX));
      expect(performance.now() - started).toBeLessThan(200);
    }
  });
});

describe('look-alike characters', () => {
  const minorUnpaid = { paid: false, minorInvolved: true };
  it("reads fullwidth and other scripts' digits, fullwidth punctuation and invisible characters as what they show", () => {
    for (const text of [
      'call me ０６１２３４５６７８',
      'my number ٠٦١٢٣٤٥٦٧٨',
      'john＠gmail．com',
      'jo\u200bhn@gmail.com',
      'email me at ｊｏｈｎ＠ｇｍａｉｌ．ｃｏｍ',
    ]) {
      const screened = screenMessage(text, minorUnpaid);
      expect(screened.needsConfirmation, text).toBe(true);
      expect(screened.shown, text).toContain(DETAILS_HIDDEN_TEXT);
      expect(screened.shown, text).not.toMatch(/gmail|\d{6}|[٠-٩]{6}/);
      expect(screened.original).toBe(text);
    }
  });

  it('leaves ordinary text with accents and emoji exactly as written', () => {
    const text = 'Café at 5:30? 😀 Ça marche, £25 per hour';
    expect(screenMessage(text, minorUnpaid)).toEqual({ needsConfirmation: false, shown: text, original: null });
  });
});
