import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAsNewUser } from './helpers';

/** A real 1 s VP8 WebM (64 x 48), the one the server's WebM tests use. */
const CLIP = readFileSync(path.join(import.meta.dirname, '../../src/server/files/fixtures/clip.webm'));
/** The server that talks to the fake Giphy (playwright.config.ts); the default one has no Giphy key. */
const GIPHY_APP_URL = process.env.E2E_GIPHY_APP_URL;
/** Giphy's media hosts, as the server accepts them (giphy-client.ts isGiphyMediaUrl). */
const GIPHY_MEDIA = /^(?:media[0-9]?|i)\.giphy\.com$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** A signed-in user in a browser context of their own; `baseURL` picks the server. */
async function newUser(
  browser: Browser,
  firstName: string,
  options: { viewport?: { width: number; height: number }; baseURL?: string } = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const user = await signInAsNewUser(page, { firstName, lastName: 'Viewer' });
  return { context, page, user };
}

const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });
const message = (scope: Locator, text: string) =>
  scope.getByTestId('room-message').filter({ has: scope.page().getByText(text, { exact: true }) });

async function createRoom(page: Page, name: string) {
  await page.goto('/chat-rooms');
  const form = page.getByRole('form', { name: 'Create a chat room' });
  await form.getByLabel('Room name').fill(name);
  await form.getByRole('button', { name: 'Create Room' }).click();
  await expect(page).toHaveURL(/\/chat-rooms\/[0-9a-f-]{36}$/);
  return page.url();
}

/**
 * Waits until the <video> knows its length, then plays it muted (as a browser allows without a gesture) and waits
 * for the playhead to move: the file is served, decodable, and really plays, not only a player frame.
 */
async function expectVideoPlays(video: Locator) {
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  // The clip lasts 1 s: a finite length says the stored file kept its duration (a player without one shows no length).
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(0);
  expect(duration).toBeLessThan(10);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
}

test('video: a WebM attached shows processing then uploading, and plays for the sender and, live, for another member', async ({
  browser,
}) => {
  const ann = await newUser(browser, 'Ann');
  const bo = await newUser(browser, 'Bo', { viewport: { width: 390, height: 844 } });
  const name = `Video${Date.now() % 100000}`;
  const url = await createRoom(ann.page, name);
  await bo.page.goto(url);
  await expect(bo.page.getByRole('heading', { name })).toBeVisible();

  // "Processing..." lasts about 0.5 s: a recorder of every state the composer shows catches it at any machine speed.
  await ann.page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { attachmentStates: seen });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="composer-attachment"] [role="status"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // The upload is held until the test has seen "Uploading...", so that state is checked without a race.
  let releaseUpload!: () => void;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await ann.page.route('**/api/uploads/chat-media', async (route) => {
    await uploadHeld;
    await route.continue();
  });

  await ann.page
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: CLIP });
  const attachment = ann.page.getByTestId('composer-attachment');
  await expect(attachment).toContainText('clip.webm');
  await expect(attachment.getByRole('status')).toHaveText('Ready to send');
  await expect
    .poll(() => ann.page.evaluate(() => (window as unknown as { attachmentStates: string[] }).attachmentStates))
    .toEqual(['Processing...', 'Ready to send']);

  const box = chat(ann.page).getByPlaceholder(`Message #${name}`);
  await box.fill('Our clip');
  await box.press('Enter');
  await expect(attachment.getByRole('status')).toHaveText(/^Uploading\.\.\. \d+%$/);
  // While it uploads the attachment cannot be removed.
  await expect(attachment.getByRole('button', { name: 'Remove attachment' })).toBeDisabled();
  releaseUpload();
  await expect(attachment).toHaveCount(0);
  await expect(box).toHaveValue('');

  await expectVideoPlays(message(chat(ann.page), 'Our clip').locator('video'));
  // The other member's screen gets it live (no reload) and plays it too.
  const onBo = message(chat(bo.page), 'Our clip').locator('video');
  await expect(onBo).toHaveAccessibleName('clip.webm');
  await expectVideoPlays(onBo);
});

test('GIFs: trending, a search, and the picked GIF shown live in both browsers, with nothing fetched off the machine', async ({
  browser,
}) => {
  expect(GIPHY_APP_URL, 'playwright.config.ts sets E2E_GIPHY_APP_URL').toBeTruthy();
  const sharp = (await import('sharp')).default;
  const gifBytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
    .gif()
    .toBuffer();

  const ann = await newUser(browser, 'Ann', { baseURL: GIPHY_APP_URL });
  const bo = await newUser(browser, 'Bo', { baseURL: GIPHY_APP_URL, viewport: { width: 390, height: 844 } });
  // Giphy's media hosts are answered here with a small GIF; anything else off the machine is refused and noted.
  const offMachine: string[] = [];
  const giphyServed: string[] = [];
  for (const { context } of [ann, bo]) {
    await context.route(
      (u) => !LOCAL_HOSTS.has(u.hostname),
      async (route) => {
        const u = new URL(route.request().url());
        if (u.protocol === 'https:' && GIPHY_MEDIA.test(u.hostname)) {
          giphyServed.push(u.href);
          await route.fulfill({ status: 200, contentType: 'image/gif', body: gifBytes });
        } else {
          offMachine.push(u.href);
          await route.abort();
        }
      },
    );
  }

  const name = `Gifs${Date.now() % 100000}`;
  const url = await createRoom(ann.page, name);
  await bo.page.goto(url);
  await expect(bo.page.getByRole('heading', { name })).toBeVisible();

  await chat(ann.page).getByRole('button', { name: 'Add a GIF' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'GIFs' });
  const results = dialog.getByRole('list', { name: 'GIF results' });
  // Trending first: 24 of them, previews loaded from (what the browser takes for) Giphy.
  await expect(results.getByRole('button')).toHaveCount(24);
  await expect(results.getByRole('button').first()).toHaveAccessibleName('Trending GIF 1');
  const preview = results.getByRole('button', { name: 'Trending GIF 1', exact: true }).locator('img');
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await dialog.getByLabel('Search GIFs').fill('cat');
  await expect(results.getByRole('button').first()).toHaveAccessibleName('cat GIF 1');
  await expect(results.getByRole('button')).toHaveCount(24);
  await results.getByRole('button', { name: 'cat GIF 3', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The GIF is the message, on both screens (live on Bo's), by Giphy's original URL.
  for (const page of [ann.page, bo.page]) {
    const gif = chat(page).getByTestId('message-gif');
    await expect(gif).toHaveCount(1);
    await expect(gif).toHaveAttribute('src', 'https://media.giphy.com/media/e2e-cat-3/giphy.gif');
    await expect(gif).toHaveAccessibleName('cat GIF 3');
    await expect.poll(() => gif.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  expect(giphyServed).toContain('https://media.giphy.com/media/e2e-cat-3/giphy.gif');
  expect(offMachine).toEqual([]);
});
