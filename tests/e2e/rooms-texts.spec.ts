import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { signInAsNewUser } from './helpers';

/**
 * The chat rooms' failure and save texts (spec 3, section 8) as a browser shows them. Most of these failures need
 * the room's live socket out of the way: a deleted room's live event would take the page away before the send, and
 * a session ended elsewhere signs the tab out through it. So the tab's WebSocket is refused (a school network that
 * blocks WebSockets does the same): the page reads over HTTP, and the chat's own calls fall back to HTTP too.
 */

/** The server that talks to the fake Giphy (playwright.config.ts); the default one has no Giphy key. */
const GIPHY_APP_URL = process.env.E2E_GIPHY_APP_URL;
const GIPHY_MEDIA = /^(?:media[0-9]?|i)\.giphy\.com$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

async function newUser(
  browser: Browser,
  firstName: string,
  { baseURL, noSocket = true }: { baseURL?: string; noSocket?: boolean } = {},
) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  // Every socket this tab opens is closed at once: the app keeps working over HTTP.
  if (noSocket) await context.routeWebSocket(/\/api\/trpc/, (ws) => ws.close());
  const page = await context.newPage();
  const user = await signInAsNewUser(page, { firstName, lastName: 'Texter' });
  return { context, page, user };
}

const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });
const message = (scope: Locator, text: string) =>
  scope.getByTestId('room-message').filter({ has: scope.page().getByText(text, { exact: true }) });
/** The same message while its words are replaced by the edit box (by its id). */
async function pinned(scope: Locator, text: string) {
  const id = await message(scope, text).getAttribute('data-message-id');
  return scope.locator(`[data-message-id="${id}"]`);
}
/** A toast, by its whole text (sonner's list of notifications). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toaster]').getByText(text, { exact: true });

async function createRoom(page: Page, name: string) {
  await page.goto('/chat-rooms');
  const form = page.getByRole('form', { name: 'Create a chat room' });
  await form.getByLabel('Room name').fill(name);
  await form.getByRole('button', { name: 'Create Room' }).click();
  await expect(page).toHaveURL(/\/chat-rooms\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return page.url().split('/').at(-1)!;
}

async function say(page: Page, roomName: string, text: string) {
  const box = chat(page).getByPlaceholder(`Message #${roomName}`);
  await box.fill(text);
  await box.press('Enter');
  await expect(message(chat(page), text)).toBeVisible();
}

async function pngBytes(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
}

/** Calls a procedure as the context's user (signed in by its cookie) and expects it to succeed. */
async function call(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`/api/trpc/${path}`, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

test('media: Save downloads an image under its name (keyboard too); a failed post after the upload says "Failed to upload media"', async ({
  browser,
}) => {
  const ann = await newUser(browser, 'Ann');
  const name = `Save${Date.now() % 100000}`;
  await createRoom(ann.page, name);
  const composer = chat(ann.page).getByPlaceholder(`Message #${name}`);

  await ann.page.getByTestId('attachment-input').setInputFiles({
    name: 'poster.png',
    mimeType: 'image/png',
    buffer: await pngBytes(),
  });
  await expect(ann.page.getByTestId('composer-attachment')).toContainText('Ready to send');
  await composer.fill('Our poster');
  await composer.press('Enter');
  const posted = message(chat(ann.page), 'Our poster');
  await expect(posted.getByTestId('message-image')).toBeVisible();

  // Save, reached with the keyboard: the file comes as a download named after the message's file.
  const save = posted.getByRole('button', { name: 'Save image' });
  await expect(save).toHaveText('Save');
  await save.focus();
  const download = ann.page.waitForEvent('download');
  await ann.page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^poster\.(png|webp|jpe?g)$/);
  await expect(toast(ann.page, 'Image, GIF or Video saved successfully!')).toBeVisible();

  // The file is gone from the server (or the network drops it): "Failed to save media", and no download.
  await ann.page.route('**/files/**', (route) => route.fulfill({ status: 404, body: '' }));
  await save.click();
  await expect(toast(ann.page, 'Failed to save media')).toBeVisible();
  await ann.page.unroute('**/files/**');

  // The file uploads, then the message carrying it never reaches the server: no reason to give but the spec's.
  await ann.page.route(/\/api\/trpc\/.*roomMessages\.send/, (route) => route.abort('internetdisconnected'));
  await ann.page.getByTestId('attachment-input').setInputFiles({
    name: 'second.png',
    mimeType: 'image/png',
    buffer: await pngBytes(),
  });
  await expect(ann.page.getByTestId('composer-attachment')).toContainText('Ready to send');
  await composer.press('Enter');
  await expect(toast(ann.page, 'Failed to upload media')).toBeVisible();
  // Nothing is lost: the attachment waits to be sent again.
  await expect(ann.page.getByTestId('composer-attachment')).toContainText('Ready to send');
});

test('editing a message longer than an edit may be opens it whole, marks the count, and saves only once it fits', async ({
  browser,
}) => {
  const ann = await newUser(browser, 'Ann', { noSocket: false });
  const name = `Long${Date.now() % 100000}`;
  await createRoom(ann.page, name);
  const long = `${'word '.repeat(300)}end`.trim(); // 1,503 characters: fits a message (2,000), not an edit (1,000)
  await say(ann.page, name, long);
  const posted = await pinned(chat(ann.page), long);

  await posted.getByRole('button', { name: 'Edit message' }).click();
  const box = posted.getByRole('textbox', { name: 'Edit message' });
  await expect(box).toHaveValue(long);
  const counter = posted.getByTestId('edit-counter');
  await expect(counter).toHaveText(`${long.length}/1000`);
  await expect(counter).toHaveClass(/text-destructive/);
  await expect(posted.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // Enter on the untouched text cancels, as an unchanged edit does: the message keeps every word.
  await box.press('Enter');
  await expect(box).toHaveCount(0);
  await expect(posted.getByText(long, { exact: true })).toBeVisible();

  // Changed but still too long: Enter does nothing; Escape cancels and the whole text stays.
  await posted.getByRole('button', { name: 'Edit message' }).click();
  await box.press('End');
  await box.press('Backspace');
  await box.press('Enter');
  await expect(box).toBeVisible();
  await box.press('Escape');
  await expect(posted.getByText(long, { exact: true })).toBeVisible();

  // Cut to fit: the count turns ordinary, Save works, the message reads the new text with "(edited)".
  await posted.getByRole('button', { name: 'Edit message' }).click();
  const short = `${long.slice(0, 990)} shorter`;
  await box.fill(short);
  await expect(counter).toHaveText(`${short.length}/1000`);
  await expect(counter).not.toHaveClass(/text-destructive/);
  await posted.getByRole('button', { name: 'Save', exact: true }).click();
  const edited = message(chat(ann.page), short);
  await expect(edited).toBeVisible();
  await expect(edited.getByText('(edited)')).toBeVisible();
});

test('a session that ended while the room was open: each action says to sign in, in its own words', async ({
  browser,
}) => {
  const ann = await newUser(browser, 'Ann');
  const bo = await newUser(browser, `Bo${Date.now() % 100000}`);
  const name = `Gone${Date.now() % 100000}`;
  const roomId = await createRoom(ann.page, name);
  await call(bo.context, 'rooms.join', { id: roomId });
  await say(ann.page, name, 'Mine to change');
  await ann.page.getByRole('button', { name: 'Show members' }).click();
  await expect(ann.page.getByRole('button', { name: /^Actions for Bo/ })).toBeVisible();

  // The session ends (its cookie gone, as when it expires); the page stays open.
  await ann.context.clearCookies();

  const composer = chat(ann.page).getByPlaceholder(`Message #${name}`);
  await composer.fill('Still here?');
  await composer.press('Enter');
  await expect(toast(ann.page, 'You must be signed in to send messages')).toBeVisible();
  await expect(composer).toHaveValue('Still here?');

  const mine = await pinned(chat(ann.page), 'Mine to change');
  await mine.getByRole('button', { name: 'Edit message' }).click();
  await mine.getByRole('textbox', { name: 'Edit message' }).fill('Changed');
  await mine.getByRole('textbox', { name: 'Edit message' }).press('Enter');
  await expect(toast(ann.page, 'You must be signed in to edit messages')).toBeVisible();
  await mine.getByRole('textbox', { name: 'Edit message' }).press('Escape');

  await mine.getByRole('button', { name: 'Delete message' }).click();
  await ann.page.getByRole('dialog', { name: 'Delete message' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(ann.page, 'You must be signed in to delete messages')).toBeVisible();
  await ann.page.keyboard.press('Escape');

  await ann.page.getByRole('button', { name: /^Actions for Bo/ }).click();
  await ann.page.getByRole('menuitem', { name: 'Make Moderator' }).click();
  await expect(toast(ann.page, 'Authentication required')).toBeVisible();

  // Back to the list without reloading: creating a room says to log in.
  await ann.page.getByRole('link', { name: 'Back to Chat Rooms' }).click();
  const form = ann.page.getByRole('form', { name: 'Create a chat room' });
  await form.getByLabel('Room name').fill('Too late');
  await form.getByRole('button', { name: 'Create Room' }).click();
  await expect(toast(ann.page, 'You must be logged in to create a chat room')).toBeVisible();
  await expect(ann.page).toHaveURL(/\/chat-rooms$/);
});

test('a room that fails to load toasts "Failed to fetch chat room" and says why; the invite dialog says when it cannot tell who is in', async ({
  browser,
}) => {
  const ann = await newUser(browser, 'Ann');
  const zed = `Zed${Date.now() % 100000}`;
  await newUser(browser, zed);
  const name = `Broken${Date.now() % 100000}`;
  const roomId = await createRoom(ann.page, name);

  // The invite dialog's members list fails (after its retries): it says so, and adding asks again before adding.
  await ann.page.route(/\/api\/trpc\/.*rooms\.members/, (route) => route.abort('failed'));
  await ann.page.getByRole('button', { name: 'Invite' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Invite Users' });
  await expect(dialog.getByText('Failed to load users')).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel('Search users').fill(zed);
  await dialog.getByRole('button', { name: `Add ${zed} Texter` }).click();
  await expect(toast(ann.page, 'Failed to check membership status')).toBeVisible({ timeout: 15_000 });
  // Nothing was sent: once the list loads, Zed is added.
  await ann.page.unroute(/\/api\/trpc\/.*rooms\.members/);
  await dialog.getByRole('button', { name: `Add ${zed} Texter` }).click();
  await expect(toast(ann.page, 'User added to room successfully!')).toBeVisible({ timeout: 15_000 });
  await ann.page.keyboard.press('Escape');

  // The room itself cannot be read (the network drops it): one toast, and the page says why.
  await ann.page.route(/\/api\/trpc\/.*rooms\.get/, (route) => route.abort('failed'));
  await ann.page.goto(`/chat-rooms/${roomId}`);
  await expect(ann.page.getByRole('heading', { name: /^Error: / })).toBeVisible();
  await expect(toast(ann.page, 'Failed to fetch chat room')).toHaveCount(1);
});

test('a Giphy GIF saves by opening it in a new tab (not claimed saved); a send to a room deleted meanwhile: "Failed to send message: Room not found", "Failed to send GIF: Room not found"', async ({
  browser,
}) => {
  expect(GIPHY_APP_URL, 'playwright.config.ts sets E2E_GIPHY_APP_URL').toBeTruthy();
  const ann = await newUser(browser, 'Ann', { baseURL: GIPHY_APP_URL });
  const sharp = (await import('sharp')).default;
  const gifBytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c63' } })
    .gif()
    .toBuffer();
  // Giphy's media hosts are answered here; nothing else leaves the machine.
  await ann.context.route(
    (u) => !LOCAL_HOSTS.has(u.hostname),
    (route) =>
      GIPHY_MEDIA.test(new URL(route.request().url()).hostname)
        ? route.fulfill({ status: 200, contentType: 'image/gif', body: gifBytes })
        : route.abort(),
  );
  const name = `Deleted${Date.now() % 100000}`;
  const roomId = await createRoom(ann.page, name);
  const results = ann.page.getByRole('dialog', { name: 'GIFs' }).getByRole('list', { name: 'GIF results' });
  await chat(ann.page).getByRole('button', { name: 'Add a GIF' }).click();
  await results.getByRole('button', { name: 'Trending GIF 1', exact: true }).click();
  const gif = chat(ann.page)
    .getByTestId('room-message')
    .filter({ has: ann.page.getByTestId('message-gif') });
  await expect(gif).toHaveCount(1);

  // This page may not fetch another site's file: Save opens Giphy's original in a new tab instead, and says nothing
  // of having saved it.
  const popup = ann.context.waitForEvent('page');
  await gif.getByRole('button', { name: 'Save GIF' }).click();
  expect((await popup).url()).toBe('https://media.giphy.com/media/e2e-trending-1/giphy.gif');
  await expect(toast(ann.page, 'Image, GIF or Video saved successfully!')).toHaveCount(0);
  await expect(toast(ann.page, 'Failed to save media')).toHaveCount(0);

  await chat(ann.page).getByRole('button', { name: 'Add a GIF' }).click();
  await expect(results.getByRole('button')).toHaveCount(24);

  // The room goes (its creator deletes it from elsewhere) while this page still shows it.
  await call(ann.context, 'rooms.delete', { id: roomId });

  await results.getByRole('button', { name: 'Trending GIF 2', exact: true }).click();
  await expect(toast(ann.page, 'Failed to send GIF: Room not found')).toBeVisible();

  const composer = chat(ann.page).getByPlaceholder(`Message #${name}`);
  await composer.fill('Anyone?');
  await composer.press('Enter');
  await expect(toast(ann.page, 'Failed to send message: Room not found')).toBeVisible();
  await expect(composer).toHaveValue('Anyone?');
});
