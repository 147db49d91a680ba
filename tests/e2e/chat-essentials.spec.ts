import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const tag = () => randomUUID().slice(0, 6);

/** A signed-in user in a browser context of their own, with a first name nobody else has. */
async function newUser(browser: Browser, first: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const firstName = `${first}${tag()}`;
  const user = await signInAsNewUser(page, { firstName, lastName: 'Roomer' });
  return { context, page, user, firstName, name: `${firstName} Roomer` };
}

const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** A private room made by `owner` through the API, with `members` added. */
async function privateRoom(owner: Page, name: string, members: string[]) {
  const created = await owner.request.post('/api/trpc/rooms.create', { data: { name, isPrivate: true } });
  expect(created.ok()).toBe(true);
  const roomId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
  for (const userId of members) {
    const added = await owner.request.post('/api/trpc/rooms.addMember', { data: { id: roomId, userId } });
    expect(added.ok()).toBe(true);
  }
  return roomId;
}

async function send(page: Page, roomId: string, content: string) {
  const sent = await page.request.post('/api/trpc/roomMessages.send', { data: { roomId, content } });
  expect(sent.ok()).toBe(true);
}

test.describe('mentions, unread and mute', () => {
  test('an @mention picked from the autocomplete notifies the other member live, highlighted for them', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ann = await newUser(browser, 'Ann');
    const bo = await newUser(browser, 'Bo');
    const name = `Mentions${tag()}`;
    const roomId = await privateRoom(ann.page, name, [bo.user.userId]);

    // Bo waits on the home page, the bell closed.
    await bo.page.goto('/');
    await expect(bell(bo.page)).toBeVisible();

    await ann.page.goto(`/chat-rooms/${roomId}`);
    const box = chat(ann.page).getByPlaceholder(`Message #${name}`);
    await box.pressSequentially(`Hi @${bo.firstName.slice(0, 4)}`, { delay: 30 });
    const list = ann.page.getByRole('listbox', { name: 'Mention a member' });
    await expect(list.getByRole('option', { name: bo.name })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(ann.page, 'mention autocomplete');
    await box.press('Enter');
    await expect(box).toHaveValue(`Hi @${bo.name} `);
    await box.pressSequentially('look at this');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(chat(ann.page).getByTestId('mention')).toHaveText(`@${bo.name}`);

    // Escape closes the list; what was typed stays.
    await box.pressSequentially('@');
    await expect(list).toBeVisible();
    await box.press('Escape');
    await expect(list).toBeHidden();
    await box.fill('');

    await expect(bell(bo.page)).toHaveAccessibleName(/Notifications, \d+ unread/);
    await bell(bo.page).click();
    const item = bo.page.getByRole('link', { name: `${ann.name} mentioned you in "${name}"` });
    await expect(item).toBeVisible();
    await item.click();
    await expect(bo.page).toHaveURL(new RegExp(`/chat-rooms/${roomId}$`));
    await expect(chat(bo.page).getByTestId('mention-me')).toHaveText(`@${bo.name}`);
  });

  test('the rooms list counts unread live, the room shows where it starts with a jump, and reading in another tab clears the count', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ann = await newUser(browser, 'Ann');
    const bo = await newUser(browser, 'Bo');
    const name = `Unread${tag()}`;
    const roomId = await privateRoom(ann.page, name, [bo.user.userId]);
    await send(bo.page, roomId, 'I was here before');
    // Tall messages, so the first of them is well above the newest.
    const tall = (i: number) => `Update ${i}\n${'line\n'.repeat(8)}end of ${i}`;
    for (let i = 1; i <= 6; i++) await send(ann.page, roomId, tall(i));

    const list = bo.page;
    await list.goto('/chat-rooms');
    const card = list.getByRole('link', { name: `Open chat room ${name}` });
    await expect(card.getByTestId('unread-badge')).toHaveAccessibleName('6 unread');
    // A new message of Ann's counts live.
    await send(ann.page, roomId, tall(7));
    await expect(card.getByTestId('unread-badge')).toHaveAccessibleName('7 unread');

    // Another tab of Bo's opens the room: the divider sits above Ann's first unread message, off screen at first.
    const room = await bo.context.newPage();
    await room.goto(`/chat-rooms/${roomId}`);
    const jump = room.getByRole('button', { name: 'Jump to new messages' });
    await expect(jump).toBeVisible();
    await jump.click();
    const divider = room.getByRole('separator', { name: 'New messages' });
    await expect(divider).toBeInViewport();
    await expect(jump).toBeHidden();
    await expect(chat(room).getByTestId('room-message').filter({ hasText: 'Update 1' })).toBeInViewport();

    // Read there, the list in the first tab drops the count without a reload.
    await expect(card.getByTestId('unread-badge')).toHaveCount(0);
  });

  test('muting a room from its header shows until when, and Unmute turns notifications back on', async ({
    browser,
  }) => {
    const ann = await newUser(browser, 'Ann');
    const name = `Mute${tag()}`;
    const roomId = await privateRoom(ann.page, name, []);
    await ann.page.goto(`/chat-rooms/${roomId}`);
    await ann.page.getByRole('button', { name: 'Mute notifications' }).click();
    await ann.page.getByRole('menuitem', { name: 'For 8 hours' }).click();
    await expect(ann.page.getByTestId('muted-until')).toHaveText(/^Muted until /);
    await ann.page.reload();
    await expect(ann.page.getByTestId('muted-until')).toHaveText(/^Muted until /);
    await ann.page.getByRole('button', { name: 'Unmute' }).click();
    await expect(ann.page.getByRole('button', { name: 'Mute notifications' })).toBeVisible();
  });
});
