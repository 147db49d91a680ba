import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

async function newUser(browser: Browser, firstName: string, viewport?: { width: number; height: number }) {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  const user = await signInAsNewUser(page, { firstName, lastName: 'Roomer' });
  return { page, user };
}

/** The room's own chat panel (not the thread dialog's). */
const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });
/** A message by its own words (not a reply quoting them). */
const message = (scope: Locator, text: string) =>
  scope.getByTestId('room-message').filter({ has: scope.page().getByText(text, { exact: true }) });

async function say(page: Page, roomName: string, text: string) {
  const box = chat(page).getByPlaceholder(`Message #${roomName}`);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** Creates a room through the /chat-rooms form and lands in it. */
async function createRoom(page: Page, name: string, { isPrivate = false } = {}) {
  await page.goto('/chat-rooms');
  const form = page.getByRole('form', { name: 'Create a chat room' });
  await form.getByLabel('Room name').fill(name);
  if (isPrivate) await form.getByLabel('Private room').click();
  await form.getByRole('button', { name: 'Create Room' }).click();
  await expect(page).toHaveURL(/\/chat-rooms\/[0-9a-f-]{36}$/);
  return page.url();
}

test.describe('chat rooms', () => {
  test('a private room: refused to an outsider, then talked in live with replies, a thread, reactions, edits, deletes, typing and receipts', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const ann = await newUser(browser, 'Ann');
    // One member on a phone.
    const bo = await newUser(browser, 'Bo', { width: 390, height: 844 });
    const cy = await newUser(browser, 'Cy');
    const name = `Study${Date.now() % 100000}`;

    const url = await createRoom(ann.page, name, { isPrivate: true });
    const roomId = url.split('/').at(-1)!;
    await expect(ann.page.getByRole('heading', { name })).toBeVisible();
    await expect(ann.page.getByText('No messages yet')).toBeVisible();
    await expect(ann.page.getByText('Be the first to start the conversation!')).toBeVisible();

    // An outsider gets the private-room screen, with a way back.
    await cy.page.goto(url);
    await expect(cy.page.getByText("You don't have access to this private chat room.")).toBeVisible();
    await cy.page.getByRole('button', { name: 'Go back' }).click();
    await expect(cy.page).toHaveURL(/\/chat-rooms$/);

    // Bo is invited and opens the room on a phone.
    const added = await ann.page.request.post('/api/trpc/rooms.addMember', {
      data: { id: roomId, userId: bo.user.userId },
    });
    expect(added.ok()).toBe(true);
    await bo.page.goto(url);
    await expect(bo.page.getByRole('heading', { name })).toBeVisible();

    // An empty message is refused with the spec's words.
    await chat(bo.page).getByPlaceholder(`Message #${name}`).press('Enter');
    await expect(bo.page.getByText('Message cannot be empty')).toBeVisible();

    // Typing shows on the other screen, and goes with the send.
    await chat(bo.page).getByPlaceholder(`Message #${name}`).pressSequentially('Hello An', { delay: 50 });
    await expect(ann.page.getByTestId('typing-indicator')).toHaveText('Bo is typing...');
    await chat(bo.page).getByPlaceholder(`Message #${name}`).press('Enter');
    await expect(message(chat(ann.page), 'Hello An')).toBeVisible();
    await expect(ann.page.getByTestId('typing-indicator')).toHaveText('');

    // Live the other way; Bo's screen reads it after a second, and Ann sees the receipt under her message.
    await say(ann.page, name, 'Hi Bo, welcome');
    await expect(message(chat(bo.page), 'Hi Bo, welcome')).toBeVisible();
    await expect(message(chat(ann.page), 'Hi Bo, welcome').getByTestId('read-receipts')).toHaveAttribute(
      'aria-label',
      'Read by Bo',
    );

    // A reply shows its target; the thread dialog lists the parent and its replies, and replies from there.
    await message(chat(bo.page), 'Hi Bo, welcome').getByRole('button', { name: 'Reply' }).click();
    await expect(bo.page.getByTestId('composer-reply')).toContainText('Hi Bo, welcome');
    await say(bo.page, name, 'Thanks for the invite');
    await expect(bo.page.getByTestId('composer-reply')).toHaveCount(0);
    const reply = message(chat(ann.page), 'Thanks for the invite');
    await expect(reply.getByTestId('reply-target')).toContainText('Hi Bo, welcome');
    await message(chat(ann.page), 'Hi Bo, welcome').getByRole('button', { name: '1 reply' }).click();
    const thread = ann.page.getByRole('dialog', { name: 'Thread' });
    // The parent first, then its replies.
    await expect(thread.getByTestId('room-message').first()).toContainText('Hi Bo, welcome');
    await expect(message(thread, 'Thanks for the invite')).toBeVisible();
    await thread.getByPlaceholder(`Message #${name}`).fill('Answered in the thread');
    await thread.getByPlaceholder(`Message #${name}`).press('Enter');
    await expect(message(thread, 'Answered in the thread')).toBeVisible();
    await expect(message(chat(bo.page), 'Answered in the thread').getByTestId('reply-target')).toContainText(
      'Hi Bo, welcome',
    );
    await thread.press('Escape');
    await expect(thread).toHaveCount(0);

    // Reactions: Bo adds one with the keyboard, Ann adds hers by clicking it, Bo replaces his, Ann removes hers.
    const annMessageOnBo = message(chat(bo.page), 'Hi Bo, welcome');
    const annMessageOnAnn = message(chat(ann.page), 'Hi Bo, welcome');
    await annMessageOnBo.getByRole('button', { name: 'Add reaction' }).click();
    const picker = bo.page.getByRole('dialog', { name: 'Emoji picker' });
    await expect(picker.getByRole('tab')).toHaveCount(6);
    await expect(picker.getByRole('button', { name: '😀' })).toBeFocused();
    await bo.page.keyboard.press('ArrowRight');
    await bo.page.keyboard.press('Enter');
    await expect(annMessageOnAnn.getByTestId('reaction')).toHaveText('😃1');
    await annMessageOnAnn.getByTestId('reaction').click();
    await expect(annMessageOnBo.getByTestId('reaction')).toHaveText('😃2');
    await annMessageOnBo.getByRole('button', { name: 'Add reaction' }).click();
    await picker.getByRole('tab', { name: 'Symbols' }).click();
    await picker.getByRole('button', { name: '👍' }).click();
    await expect(annMessageOnAnn.getByTestId('reaction')).toHaveText(['😃1', '👍1']);
    await annMessageOnAnn.getByTestId('reaction').filter({ hasText: '😃' }).click();
    await expect(annMessageOnBo.getByTestId('reaction')).toHaveText(['👍1']);

    // Bo edits his message (Escape first cancels), then deletes it; Ann sees both live.
    // Held by its id: while it is edited, its words are in the edit box.
    const bosId = await message(chat(bo.page), 'Hello An').getAttribute('data-message-id');
    const bosMessage = chat(bo.page).locator(`[data-message-id="${bosId}"]`);
    const editBox = bosMessage.getByRole('textbox', { name: 'Edit message' });
    await bosMessage.getByRole('button', { name: 'Edit message' }).click();
    await editBox.press('Escape');
    await expect(editBox).toHaveCount(0);
    await bosMessage.getByRole('button', { name: 'Edit message' }).click();
    await editBox.fill('Hello Ann, fixed');
    await expect(bo.page.getByTestId('edit-counter')).toHaveText('16/1000');
    await editBox.press('Enter');
    await expect(bo.page.getByText('Message updated successfully')).toBeVisible();
    const edited = message(chat(ann.page), 'Hello Ann, fixed');
    await expect(edited).toContainText('(edited)');
    await expectNoSeriousA11yViolations(ann.page, '/chat-rooms/:id');
    await message(chat(bo.page), 'Hello Ann, fixed').getByRole('button', { name: 'Delete message' }).click();
    await bo.page.getByRole('dialog', { name: 'Delete message' }).getByRole('button', { name: 'Delete' }).click();
    await expect(bo.page.getByText('Message deleted successfully')).toBeVisible();
    await expect(edited).toHaveCount(0);

    // The creator moderates: Ann may delete Bo's messages; Bo, a plain member, may not delete Ann's.
    await expect(annMessageOnBo.getByRole('button', { name: 'Delete message' })).toHaveCount(0);
    await expect(
      message(chat(ann.page), 'Thanks for the invite').getByRole('button', { name: 'Delete message' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(bo.page, '/chat-rooms/:id at 390 px');

    // Removed from the private room, Bo's open page turns to the no-access screen at once.
    const removed = await ann.page.request.post('/api/trpc/rooms.memberAction', {
      data: { id: roomId, userId: bo.user.userId, action: 'remove' },
    });
    expect(removed.ok()).toBe(true);
    await expect(bo.page.getByText("You don't have access to this private chat room.")).toBeVisible();
  });

  test('a missing room; a public room open to anyone signed in, paging back, deleted under its readers', async ({
    browser,
  }) => {
    const ann = await newUser(browser, 'Ann');
    const dee = await newUser(browser, 'Dee');
    await ann.page.goto('/chat-rooms/00000000-0000-4000-8000-000000000000');
    await expect(ann.page.getByText('Chat room not found')).toBeVisible();

    const name = `Open${Date.now() % 100000}`;
    const url = await createRoom(ann.page, name);
    await say(ann.page, name, 'Anyone here?');
    // A long room opens at its newest page; earlier messages come on demand.
    const roomId = url.split('/').at(-1)!;
    for (let i = 1; i <= 50; i++) {
      const sent = await dee.page.request.post('/api/trpc/roomMessages.send', {
        data: { roomId, content: `Backlog ${i}` },
      });
      expect(sent.ok()).toBe(true);
    }
    // Messages go out on the page's socket: a failing send is made there, before the page opens it.
    let failSends = false;
    await dee.page.routeWebSocket(/\/api\/trpc$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        const text = String(frame);
        if (!failSends || !text.includes('"roomMessages.send"')) return server.send(frame);
        // A frame may batch several calls (the typing notice goes out with the send): only the send fails.
        const calls = [JSON.parse(text)].flat() as { id: number; params?: { path?: string } }[];
        const others = calls.filter((call) => call.params?.path !== 'roomMessages.send');
        for (const call of calls.filter((c) => c.params?.path === 'roomMessages.send')) {
          const data = { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 };
          ws.send(JSON.stringify({ id: call.id, error: { code: -32603, message: 'Network error', data } }));
        }
        if (others.length > 0) server.send(JSON.stringify(others));
      });
    });
    await dee.page.goto(url);
    await expect(message(chat(dee.page), 'Backlog 50')).toBeVisible();
    await expect(message(chat(dee.page), 'Anyone here?')).toHaveCount(0);
    await chat(dee.page).getByRole('button', { name: 'Load earlier messages' }).click();
    await expect(message(chat(dee.page), 'Anyone here?')).toBeVisible();
    await expect(chat(dee.page).getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
    // A send that fails keeps its words for another try.
    failSends = true;
    // And over HTTP, the way a send goes while the socket is not open.
    const sendCall = (u: URL) => u.pathname.startsWith('/api/trpc/') && u.pathname.includes('roomMessages.send');
    await dee.page.route(sendCall, (route) => route.abort());
    const box = chat(dee.page).getByPlaceholder(`Message #${name}`);
    await box.fill('Me!');
    await box.press('Enter');
    await expect(dee.page.getByText(/^Failed to send message: /)).toBeVisible();
    await expect(box).toHaveValue('Me!');
    failSends = false;
    await dee.page.unroute(sendCall);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(message(chat(ann.page), 'Me!')).toBeVisible();

    // The room deleted by its creator: whoever is inside is told and taken back to the list.
    const deleted = await ann.page.request.post('/api/trpc/rooms.delete', { data: { id: roomId } });
    expect(deleted.ok()).toBe(true);
    await expect(dee.page).toHaveURL(/\/chat-rooms$/);
    await expect(dee.page.getByText('Chat room deleted successfully')).toBeVisible();
  });
});

/** A valid 8 x 8 PNG (red), small enough to inline. */
async function pngBytes(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#d33' } })
    .png()
    .toBuffer();
}

test('media: an image attached and shown live, a wrong file refused, the GIF tab without a key', async ({
  browser,
}) => {
  const ann = await newUser(browser, 'Ann');
  const bo = await newUser(browser, 'Bo', { width: 390, height: 844 });
  const name = `Media${Date.now() % 100000}`;
  const url = await createRoom(ann.page, name);
  await bo.page.goto(url);
  await expect(bo.page.getByRole('heading', { name })).toBeVisible();

  const input = ann.page.getByTestId('attachment-input');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(
    ann.page.getByText('Unsupported file type. Please use JPEG, PNG, GIF, WebP for images or MP4, WebM for videos.'),
  ).toBeVisible();

  await input.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await pngBytes() });
  const attachment = ann.page.getByTestId('composer-attachment');
  await expect(attachment).toContainText('poster.png');
  await expect(attachment).toContainText('Ready to send');
  await chat(ann.page).getByPlaceholder(`Message #${name}`).fill('Our poster');
  await chat(ann.page).getByPlaceholder(`Message #${name}`).press('Enter');
  await expect(attachment).toHaveCount(0);
  const image = message(chat(bo.page), 'Our poster').getByTestId('message-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await chat(bo.page).getByRole('button', { name: 'Add a GIF' }).click();
  await expect(bo.page.getByRole('dialog', { name: 'GIFs' }).getByText('GIF search is not configured')).toBeVisible();
});
