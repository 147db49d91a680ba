/**
 * The push services browsers use. The server POSTs to a subscription's endpoint, so an endpoint anywhere else (an
 * address inside our network) would make it a proxy for whoever subscribed: only these hosts, over https, are taken.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge, Opera, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox
  'push.services.mozilla.com',
  'web.push.apple.com', // Safari, and home-screen apps on iOS
  'api.push.apple.com',
];
const PUSH_SERVICE_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

export const PUSH_ENDPOINT_MAX = 2048;

export function isPushServiceEndpoint(endpoint: string): boolean {
  if (endpoint.length > PUSH_ENDPOINT_MAX) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
