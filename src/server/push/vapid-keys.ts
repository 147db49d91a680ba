import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cache = new Map<string, VapidKeys>();

/**
 * The server's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair generated once into
 * DATA_DIR/vapid-keys.json (kept: a new pair would orphan every subscription browsers hold).
 */
export function vapidKeys(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'PUBLIC_URL'>,
): VapidKeys {
  // Push services want a contact: a mailto: or an https: address; an http:// PUBLIC_URL is neither.
  const subject =
    config.VAPID_SUBJECT ??
    (config.PUBLIC_URL.startsWith('https://') ? config.PUBLIC_URL : 'mailto:admin@skillnest.local');
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const cached = cache.get(config.DATA_DIR);
  if (cached) return cached;
  const file = path.join(config.DATA_DIR, 'vapid-keys.json');
  let pair: { publicKey: string; privateKey: string };
  if (existsSync(file)) {
    pair = JSON.parse(readFileSync(file, 'utf8')) as typeof pair;
  } else {
    pair = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
    } catch {
      // A server without a writable DATA_DIR (an API-only test) keeps the pair for its lifetime only.
    }
  }
  const keys = { ...pair, subject };
  cache.set(config.DATA_DIR, keys);
  return keys;
}
