/**
 * Contact and payment details in a direct message: emails, phone numbers, social and messaging handles, payment apps,
 * bank details and street addresses, however they are spelled to slip past a filter ("sam at gmail dot com",
 * "zero seven seven…", "insta: sam_k"), and video-call links, which are a kind of their own because lessons held
 * online need them once a deal is paid.
 *
 * Every pattern is linear or bounded: no nested unbounded quantifiers, and the input is at most a message
 * (MESSAGE_MAX), so a crafted text cannot make the server spin.
 */

export type DetailKind = 'email' | 'phone' | 'handle' | 'payment' | 'address' | 'video';

export interface DetailMatch {
  kind: DetailKind;
  /** The range in the text, `end` exclusive. */
  start: number;
  end: number;
}

/** What stands in for each hidden detail, for everyone who reads the message. */
export const DETAILS_HIDDEN_TEXT = '[contact details hidden]';

export const CONTACT_DETAILS_MESSAGES = {
  /** Before a deal is paid, the sender confirms a message that carries details. */
  confirmTitle: 'Keep deals and payments on SkillNest: it protects you',
  confirmBody:
    'This message looks like it shares contact or payment details. Paying and talking on SkillNest keeps your money and your conversation protected.',
  sendAnyway: 'Send anyway',
  edit: 'Edit message',
  /** Under the sender's own message when a minor is involved. */
  hiddenNote: 'Contact details in this message were hidden from the other person.',
  /** What an admin reads beside the original text, kept for moderation only. */
  originalLabel: 'Original text (moderation only)',
} as const;

/** Every kind but video links: what stays hidden where a minor is involved even once a deal is paid. */
export const CONTACT_DETAIL_KINDS: readonly DetailKind[] = ['email', 'phone', 'handle', 'payment', 'address'];
export const ALL_DETAIL_KINDS: readonly DetailKind[] = [...CONTACT_DETAIL_KINDS, 'video'];

// --- Building blocks -------------------------------------------------------------------------------------------

const AT = String.raw`(?:[ \t]{0,3}@[ \t]{0,3}|[ \t]{0,3}[(\[{<][ \t]{0,2}at[ \t]{0,2}[)\]}>][ \t]{0,3})`;
const WORD_AT = String.raw`(?:[ \t]{1,3}at[ \t]{1,3})`;
const DOT = String.raw`(?:[ \t]{0,3}\.[ \t]{0,3}|[ \t]{0,3}[(\[{<][ \t]{0,2}dot[ \t]{0,2}[)\]}>][ \t]{0,3}|[ \t]{1,3}dot[ \t]{1,3})`;
const WORD_DOT = String.raw`(?:[ \t]{0,3}[(\[{<][ \t]{0,2}dot[ \t]{0,2}[)\]}>][ \t]{0,3}|[ \t]{1,3}dot[ \t]{1,3})`;
const LOCAL = String.raw`[a-z0-9][a-z0-9._%+\-]{0,63}`;
const LABEL = String.raw`[a-z0-9][a-z0-9\-]{0,62}`;
const TLD = String.raw`(?:com|net|org|co|uk|fr|de|es|it|nl|io|me|edu|info|biz|ac|us|ca|au|ie|be|ch|app|dev|xyz|live|email)`;
const PROVIDER = String.raw`(?:gmail|googlemail|hotmail|yahoo|outlook|icloud|live|protonmail|proton|aol|msn|btinternet|gmx|mail|yandex|orange|free|wanadoo|sky|virginmedia)`;

const EMAIL_PATTERNS = [
  // sam@gmail.com, sam (at) gmail (dot) com, sam @ gmail . co . uk
  new RegExp(String.raw`\b${LOCAL}${AT}${LABEL}(?:${DOT}${LABEL}){0,3}${DOT}${TLD}\b`, 'gi'),
  // sam at gmail dot com, sam at gmail.com, sam at hotmail
  new RegExp(
    String.raw`\b${LOCAL}${WORD_AT}(?:${PROVIDER}(?:${DOT}${TLD}){0,2}|${LABEL}${WORD_DOT}${TLD}(?:${DOT}${TLD})?)\b`,
    'gi',
  ),
];

const PLATFORM = String.raw`(?:whats[ \t]?app|whatsap|watsapp|wapp|snap[ \t]?chat|snap|sc|insta(?:gram)?|ig|telegram|tele|tg|discord|disc|dc|tik[ \t]?tok|tt|signal|kik|facebook|fb|messenger|twitter|skype|wechat|viber|threads|imessage|facetime|line|bereal|roblox|xbox|psn|steam)`;
/** Platform names that are also ordinary words or initials: they count only with a handle or a clear request. */
const HANDLE = String.raw`@?[a-z0-9][a-z0-9._\-]{1,29}`;
const NOT_A_HANDLE = String.raw`(?!(?:is|are|the|a|an|and|or|but|private|public|down|dead|broken|gone|banned|blocked|deleted|not|so|too|very|really|just|also|still|now|here|there|it|that|this|me|you|him|her|them|us|lol|haha|ok|okay|yeah|yes|no|app|account|story|stories|page|post|posts|pic|pics|video|videos|filter|filters|streak|streaks|chat|for|to|of|on|in|with|about|because|cause|cuz|when|if|then|than|was|were|be|been|i|im|i'm|my|your|our|their)\b)`;
const CONTACT_VERB = String.raw`(?:add|text|txt|msg|message|dm|pm|hmu|hit[ \t]+me[ \t]+up|find|follow|contact|reach|call|ring|phone|ping|facetime|snap|chat|talk|speak|write|sms|whatsapp|bell|buzz)`;

const HANDLE_PATTERNS = [
  // add me on snap, text me on whatsapp, hmu on insta, message me over telegram
  new RegExp(
    String.raw`\b${CONTACT_VERB}(?:[ \t]+(?:with[ \t]+)?(?:me|us|u|you|ya))?(?:[ \t]+(?:up|back|directly|instead|privately))?[ \t]+(?:on|at|via|over|through|thru|using|in)[ \t]+(?:my[ \t]+)?${PLATFORM}\b(?:[ \t]*[:=\-]?[ \t]*${NOT_A_HANDLE}${HANDLE})?`,
    'gi',
  ),
  // let's move to whatsapp, continue on telegram, go on discord instead
  new RegExp(
    String.raw`\b(?:move|moving|switch|switching|continue|carry[ \t]+on|go|talk|chat|speak)[ \t]+(?:this[ \t]+|the[ \t]+chat[ \t]+|it[ \t]+)?(?:to|on|onto|over[ \t]+to)[ \t]+${PLATFORM}\b`,
    'gi',
  ),
  // insta: sam_k, snap = sam.k, discord - @sam
  new RegExp(String.raw`\b${PLATFORM}[ \t]*(?:[:=]|-[ \t]*(?=@))[ \t]*${NOT_A_HANDLE}${HANDLE}`, 'gi'),
  // my snap is sam.k, my insta username is @sam, my discord's sam#1234
  new RegExp(
    String.raw`\bmy[ \t]+${PLATFORM}(?:[ \t]+(?:name|username|user|handle|id|tag|account|acc|number|no))?(?:[ \t]*(?:is|'s|’s|[:=])[ \t]*|[ \t]+(?=@))${NOT_A_HANDLE}${HANDLE}`,
    'gi',
  ),
  // @sam_k on snap, sam.k22 on insta, find me as sam_k on tiktok
  new RegExp(
    String.raw`(?:@[a-z0-9][a-z0-9._\-]{1,29}|\b[a-z][a-z0-9]{0,20}[._][a-z0-9._]{1,20}|\b[a-z]{2,20}\d{2,6})[ \t]+(?:on|at|in)[ \t]+${PLATFORM}\b`,
    'gi',
  ),
  // @sam on instagram (a mention of a platform right after an @handle)
  new RegExp(String.raw`\b${PLATFORM}[ \t]+(?:is|@)[ \t]*@[a-z0-9][a-z0-9._\-]{1,29}`, 'gi'),
  // sam#1234 (a Discord tag)
  /\b[a-z0-9_.]{2,32}#\d{4}\b/gi,
  // t.me/sam, wa.me/447911123456, snapchat.com/add/sam, instagram.com/sam, discord.gg/abc
  /\b(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog|wa\.me|chat\.whatsapp\.com|api\.whatsapp\.com|snapchat\.com\/add|instagram\.com|instagr\.am|tiktok\.com|vm\.tiktok\.com|discord\.gg|discord\.com\/invite|discordapp\.com\/invite|facebook\.com|fb\.com|fb\.me|m\.me|twitter\.com|x\.com|kik\.me|signal\.me)\/[^\s]{1,200}/gi,
];

const PAYMENT_APP = String.raw`(?:pay[ \t]?pal|venmo|cash[ \t]?app|revolut|zelle|monzo|wise|skrill|apple[ \t]?pay|google[ \t]?pay|g[ \t]?pay|starling|bitcoin|btc|crypto|usdt|western[ \t]+union|moneygram)`;

const PAYMENT_PATTERNS = [
  // paypal.me/sam, revolut.me/sam, venmo.com/u/sam, cash.app/$sam
  /\b(?:https?:\/\/)?(?:www\.)?(?:paypal\.me|paypal\.com\/paypalme|revolut\.me|venmo\.com|cash\.app|monzo\.me|buymeacoffee\.com|ko-fi\.com)\/[^\s]{1,200}/gi,
  // venmo @sam, paypal: sam@…, cash app $sam, revolut sam22, pay me on paypal
  new RegExp(
    String.raw`\b(?:pay[ \t]?pal|venmo|cash[ \t]?app|revolut|zelle|monzo)\b(?:[ \t]*(?:me|is|[:=])?[ \t]*(?:[$@£]?[a-z0-9][a-z0-9._\-]{1,29}))?`,
    'gi',
  ),
  // pay me by bank transfer, send the money via wise, I'll pay you in cash
  new RegExp(
    String.raw`\b(?:pay|paying|paid|send|sending|transfer|transferring)\b[^.!?\n]{0,30}?\b(?:${PAYMENT_APP}|bank[ \t]+transfer|bank[ \t]+account|my[ \t]+bank|bank[ \t]+details|in[ \t]+cash|cash[ \t]+in[ \t]+hand|with[ \t]+cash|by[ \t]+cash|gift[ \t]?cards?|amazon[ \t]+vouchers?)\b`,
    'gi',
  ),
  // $samk (a Cash App tag: a dollar sign before letters, never a price)
  /(?<![\w$])\$[a-z][a-z0-9_]{2,19}\b/gi,
  // sort code 12-34-56, account number 12345678, my iban
  /\b(?:sort[ \t]?code|account[ \t]+(?:number|no\.?|num)|acc[ \t]+(?:number|no\.?)|iban|bic|swift|routing[ \t]+number)\b(?:[ \t]*(?:is|:)?[ \t]*[a-z0-9][a-z0-9 -]{3,40})?/gi,
  // GB29 NWBK 6016 1331 9268 19 (an IBAN: two letters, two check digits, then 10 to 30 letters and digits)
  /\b[a-z]{2}\d{2}(?:[ \t-]?[a-z0-9]{4}){2,7}(?:[ \t-]?[a-z0-9]{1,4})?\b/gi,
];

const STREET_TYPE = String.raw`(?:street|road|avenue|lane|crescent|terrace|boulevard|gardens|grove|drive|close|court|place|rd|st|ave|blvd|ln|rue|strasse|straße|calle|via)`;
const ADDRESS_PATTERNS = [
  // 12 Baker Street, 221b baker st, 4 Oak Tree Close
  new RegExp(String.raw`\b\d{1,4}[a-z]?,?[ \t]+(?:[a-z][a-z'\-]{1,20}[ \t]+){1,3}${STREET_TYPE}\b\.?`, 'gi'),
  // 10 rue de la Paix, 3 via Roma
  /\b\d{1,4},?[ \t]+(?:rue|via|calle|avenida)[ \t]+(?:de[ \t]+la[ \t]+|del[ \t]+|de[ \t]+)?[a-z][a-z'-]{1,20}/gi,
  // UK postcodes written in capitals: SW1A 1AA, M1 1AE
  /\b[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[ABD-HJLNP-UW-Z]{2}\b/g,
  // my address is …, I live at …
  /\b(?:my[ \t]+(?:home[ \t]+)?address(?:[ \t]+is|[ \t]*:)|i[ \t]+live[ \t]+(?:at|on)[ \t]+(?=\d))[^\n.!?]{0,80}/gi,
];

const VIDEO_PATTERNS = [
  /\b(?:https?:\/\/)?(?:[a-z0-9-]+\.)?(?:zoom\.us|zoom\.com|meet\.google\.com|teams\.microsoft\.com|teams\.live\.com|whereby\.com|meet\.jit\.si|jit\.si|join\.skype\.com|skype\.com\/join|meet\.skype\.com|webex\.com)\/?[^\s]{0,200}/gi,
];

// --- Phone numbers: a scanner rather than one regex, so spelled digits and separators mix freely -------------------

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  nought: '0',
  nil: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
};
const REPEATERS: Record<string, number> = { double: 2, triple: 3, treble: 3 };

/** Numerals (with their leading +), digit words and repeaters, as tokens with their ranges. */
const PHONE_TOKEN = /\+?\d+|[a-z]+/gi;
/** What may stand between two pieces of one number: spaces and the usual punctuation, a few characters at most. */
const PHONE_GAP = /^[ \t.\-()/_]{0,4}$/;
const WORD_GAP = /^[ \t.\-(),_]{0,4}$/;
const PHONE_MIN_DIGITS = 8;

interface PhonePiece {
  start: number;
  end: number;
  digits: string;
  word: boolean;
  leadingPlus: boolean;
}

function phonePieces(text: string): PhonePiece[][] {
  const runs: PhonePiece[][] = [];
  let run: PhonePiece[] = [];
  let repeat = 1;
  let repeatStart = -1;
  for (const m of text.matchAll(PHONE_TOKEN)) {
    const token = m[0];
    const start = m.index;
    const end = start + token.length;
    const lower = token.toLowerCase();
    let piece: PhonePiece | null = null;
    if (/^\+?\d/.test(token)) {
      // Part of a word (x264, 3rd) is not a number.
      const before = text[start - 1] ?? ' ';
      const after = text[end] ?? ' ';
      if (!/[a-z]/i.test(before) && !/[a-z]/i.test(after)) {
        piece = { start, end, digits: token.replace('+', ''), word: false, leadingPlus: token.startsWith('+') };
      }
    } else if (lower in DIGIT_WORDS) {
      piece = { start, end, digits: DIGIT_WORDS[lower]!.repeat(repeat), word: true, leadingPlus: false };
    } else if (lower in REPEATERS) {
      repeat = REPEATERS[lower]!;
      repeatStart = start;
      continue;
    }
    if (piece && repeat > 1) {
      if (!piece.word) piece.digits = piece.digits.repeat(repeat);
      piece.start = repeatStart;
    }
    repeat = 1;
    if (!piece) {
      if (run.length) runs.push(run);
      run = [];
      continue;
    }
    const previous = run.at(-1);
    if (previous) {
      const gap = text.slice(previous.end, piece.start);
      const joins = previous.word || piece.word ? WORD_GAP.test(gap) : PHONE_GAP.test(gap) && !piece.leadingPlus;
      if (!joins) {
        runs.push(run);
        run = [];
      }
    }
    run.push(piece);
  }
  if (run.length) runs.push(run);
  return runs;
}

/** A run of numbers that only looks like a phone number: a date, a year range, a time range, a decimal, a sequence. */
function isOrdinaryNumber(run: PhonePiece[], text: string): boolean {
  const span = text.slice(run[0]!.start, run.at(-1)!.end);
  if (run.every((p) => !p.word)) {
    if (/^\d{1,4}[./\- ]\d{1,2}[./\- ]\d{2,4}$/.test(span)) return true; // 12/05/2024, 2024-05-12
    if (/^(?:19|20)\d\d[ \t]*[-/][ \t]*(?:19|20)?\d\d$/.test(span)) return true; // 2023-2024
    if (/^\d{1,2}[.:]\d{2}[ \t]*-[ \t]*\d{1,2}[.:]\d{2}$/.test(span)) return true; // 10.30-12.00
    if (/^\d+\.\d+$/.test(span)) return true; // 3.14159265
    if (/^\d{1,2}[./]\d{1,2}[ \t]*-[ \t]*\d{1,2}[./]\d{1,2}$/.test(span)) return true; // 12.05-15.05
  }
  // 2 4 6 8 10 12, 1 2 3 4 5 6 7 8: an arithmetic sequence is homework, not a number.
  if (run.length >= 3) {
    const values = run.map((p) => Number(p.digits));
    const step = values[1]! - values[0]!;
    if (step !== 0 && values.every((v, i) => i === 0 || v - values[i - 1]! === step)) return true;
  }
  return false;
}

function findPhones(text: string): DetailMatch[] {
  const found: DetailMatch[] = [];
  for (const run of phonePieces(text)) {
    const digits = run.reduce((n, p) => n + p.digits.length, 0);
    if (digits < PHONE_MIN_DIGITS || isOrdinaryNumber(run, text)) continue;
    found.push({ kind: digits > 15 ? 'payment' : 'phone', start: run[0]!.start, end: run.at(-1)!.end });
  }
  return found;
}

// --- Putting it together ----------------------------------------------------------------------------------------

/** IBAN-like only when it carries enough digits: "hi22 what time" has the shape but is words. */
function plausible(kind: DetailKind, matched: string): boolean {
  if (kind !== 'payment') return true;
  if (/^[a-z]{2}\d{2}/i.test(matched) && !/^(?:sort|acc|iban|bic|swift|rout)/i.test(matched)) {
    return (matched.match(/\d/g) ?? []).length >= 8;
  }
  return true;
}

function collect(text: string, patterns: readonly RegExp[], kind: DetailKind, into: DetailMatch[]) {
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      if (m[0].length === 0 || !plausible(kind, m[0])) continue;
      // A trailing full stop or comma ends the sentence, not the detail.
      const trimmed = m[0].replace(/[.,;:!?)\]]+$/, '');
      into.push({ kind, start: m.index, end: m.index + (trimmed.length || m[0].length) });
    }
  }
}

const overlaps = (a: DetailMatch, b: DetailMatch) => a.start < b.end && b.start < a.end;

/**
 * Every detail in the text, in order, without overlaps: video links first (what they contain is not a phone
 * number or a handle), then the rest; overlapping matches of other kinds are joined into one, of the first kind.
 */
export function findDetails(text: string): DetailMatch[] {
  const video: DetailMatch[] = [];
  collect(text, VIDEO_PATTERNS, 'video', video);
  const others: DetailMatch[] = [];
  collect(text, EMAIL_PATTERNS, 'email', others);
  collect(text, PAYMENT_PATTERNS, 'payment', others);
  collect(text, HANDLE_PATTERNS, 'handle', others);
  collect(text, ADDRESS_PATTERNS, 'address', others);
  others.push(...findPhones(text));
  const kept = others.filter((m) => !video.some((v) => overlaps(v, m)));
  const all = [...video, ...kept].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: DetailMatch[] = [];
  for (const m of all) {
    const last = merged.at(-1);
    if (last && m.start <= last.end && (last.kind === 'video') === (m.kind === 'video')) {
      last.end = Math.max(last.end, m.end);
    } else if (last && m.start < last.end) {
      continue; // a contact detail inside a video link, or the reverse: the first one found stands
    } else {
      merged.push({ ...m });
    }
  }
  return merged;
}

/** The text with each detail of the given kinds replaced by DETAILS_HIDDEN_TEXT. */
export function maskDetails(text: string, kinds: readonly DetailKind[] = CONTACT_DETAIL_KINDS): string {
  let out = '';
  let at = 0;
  for (const m of findDetails(text)) {
    if (!kinds.includes(m.kind)) continue;
    out += text.slice(at, m.start) + DETAILS_HIDDEN_TEXT;
    at = m.end;
  }
  return out + text.slice(at);
}

export interface Screening {
  /** The sender must confirm before this is sent (the deal is not paid yet). */
  needsConfirmation: boolean;
  /** What is stored and shown to everyone. */
  shown: string;
  /** The original, for moderation only; null when nothing was hidden. */
  original: string | null;
}

/**
 * The rule of a direct message. Before a deal is paid, any detail (video links too) asks the sender to confirm;
 * once paid, video links pass and nothing is asked. Where a minor is involved (or an age is unknown), the details
 * are hidden from everyone and the original kept for moderation.
 */
export function screenMessage(text: string, deal: { paid: boolean; minorInvolved: boolean }): Screening {
  const kinds = deal.paid ? CONTACT_DETAIL_KINDS : ALL_DETAIL_KINDS;
  // Read as plain ASCII look-alikes: "０６１２…" or "john＠gmail．com" are the same details to the person reading them.
  const subject = foldLookalikes(text);
  const found = findDetails(subject).filter((m) => kinds.includes(m.kind));
  if (found.length === 0) return { needsConfirmation: false, shown: text, original: null };
  if (!deal.minorInvolved) return { needsConfirmation: !deal.paid, shown: text, original: null };
  return { needsConfirmation: !deal.paid, shown: maskDetails(subject, kinds), original: text };
}

/** Whether the text holds anything the rule looks at: the cheap question asked before reading the deal. */
export function hasDetails(text: string): boolean {
  return findDetails(foldLookalikes(text)).length > 0;
}

/** The zero of each block of decimal digits other than ASCII's that NFKC leaves as they are (Arabic-Indic, Devanagari…). */
const DIGIT_ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0xf20, 0x1040,
  0x17e0, 0x1810,
];
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;

/**
 * The text as the detector reads it: compatibility forms folded (fullwidth digits, "＠", "．", styled letters), other
 * scripts' digits as ASCII digits, invisible characters dropped. Bounded: one pass over at most a message.
 */
export function foldLookalikes(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/\p{Nd}/gu, (digit) => {
      const code = digit.codePointAt(0)!;
      const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
      return zero === undefined ? digit : String(code - zero);
    });
}
