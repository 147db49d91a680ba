// The service worker: shows a push as a system notification and opens what it is about on a click. It caches
// nothing (the app needs the network anyway) and takes over open pages at once.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not ours: show nothing from it but the name.
  }
  const text = (value, max) => (typeof value === 'string' ? value.slice(0, max) : '');
  const path = text(data.url, 500);
  event.waitUntil(
    self.registration.showNotification(text(data.title, 100) || 'SkillNest', {
      body: text(data.body, 300),
      tag: text(data.tag, 100) || undefined,
      icon: '/icons/icon-192.png',
      // Only paths on this site are opened: a looser mirror of isSitePath (src/domain/redirect.ts); the server checks
      // every push it queues with that, this guards a worker that cannot import it.
      data: { url: /^\/(?![/\\])/.test(path) && !path.includes('\\') ? path : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/notifications', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : `${self.location.origin}/notifications`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) {
          try {
            await open.navigate(url);
            return;
          } catch {
            // A page this worker does not control cannot be navigated: open a new one.
          }
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
