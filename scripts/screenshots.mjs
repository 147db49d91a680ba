// Screenshots of the landing, discover, service, chat and profile pages at 1280x800 and 390x844, so a
// change can be compared: BASE=http://127.0.0.1:3000 node scripts/screenshots.mjs against a seeded server.
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:3792';
const out = process.env.OUT ?? '/work/main/docs/screenshots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
const list = await (await fetch(`${base}/api/listings/services?limit=5`)).json();
const service = list.items.find((s) => s.imageUrl) ?? list.items[0];
for (const size of sizes) {
  const context = await browser.newContext({ viewport: size.viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const shot = async (name) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${size.name}.png` });
  };
  await page.goto(`${base}/`);
  await shot('landing');
  await page.goto(`${base}/discover-services`);
  await shot('discover');
  await page.goto(`${base}/services/${service.id}`);
  await shot('service');
  await page.goto(`${base}/profile/${service.userId}`);
  await shot('profile');
  // The chat: a demo provider's paid conversation.
  await page.goto(`${base}/auth?mode=login`);
  await page.getByLabel('Email').fill('maya.chen@demo.skillnest.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1!');
  await page
    .getByRole('button', { name: /sign in|log in/i })
    .last()
    .click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto(`${base}/conversations`);
  await page.waitForLoadState('networkidle');
  await page.locator('a[href^="/chat/"]').first().click();
  await page.waitForURL(/\/chat\//);
  await shot('chat');
  await page.goto(`${base}/my-profile`);
  await shot('my-profile');
  await context.close();
}
await browser.close();
console.log('screenshots written to', out);
