import { expect, test, type Browser, type Page } from '@playwright/test';
import { BLOCK_MESSAGES } from '../../src/domain/blocks';
import { publishService, requestFromDiscovery, signInAsNewUser, tapCelebrationsAway } from './helpers';

async function newUser(browser: Browser, firstName: string) {
  const page = await (await browser.newContext()).newPage();
  const user = await signInAsNewUser(page, { firstName, lastName: 'Tester' });
  await tapCelebrationsAway(page);
  return { page, user };
}

test.describe('blocking a member', () => {
  test('from a conversation header: neither side can write; unblocking in Settings restores writing', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const provider = await newUser(browser, 'Bianca');
    const client = await newUser(browser, 'Boris');
    const title = `Violin${Date.now()} lessons`;
    await publishService(provider.page, title, { price: 30 });
    await requestFromDiscovery(client.page, title);
    const chatUrl = client.page.url();
    await provider.page.goto(chatUrl);
    const providerComposer = provider.page.getByLabel('Message', { exact: true });
    await expect(providerComposer).toBeVisible();

    // Block, confirmed: the toast tells it, and the composer says why there is none.
    await provider.page.getByRole('button', { name: 'Block Boris Tester' }).click();
    const dialog = provider.page.getByRole('dialog', { name: 'Block Boris Tester?' });
    await expect(dialog).toContainText(BLOCK_MESSAGES.confirmText);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(provider.page.getByText('Boris Tester is blocked')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(provider.page.getByTestId('composer-notice')).toHaveText(BLOCK_MESSAGES.youBlocked);
    await expect(providerComposer).toHaveCount(0);
    await expect(provider.page.getByRole('button', { name: 'Unblock Boris Tester' })).toBeVisible();

    // The blocked side is not told; their send is refused with the neutral text and never arrives.
    await expect(client.page.getByRole('button', { name: 'Block Bianca Tester' })).toBeVisible();
    const clientComposer = client.page.getByLabel('Message', { exact: true });
    await clientComposer.fill('Are you there?');
    await clientComposer.press('Enter');
    await expect(client.page.getByTestId('composer-notice')).toHaveText(BLOCK_MESSAGES.cannotSend);
    await expect(client.page.getByText(BLOCK_MESSAGES.youBlocked)).toHaveCount(0);
    await expect(provider.page.getByText('Are you there?')).toHaveCount(0);

    // Settings lists the block; Unblock there restores writing.
    await provider.page.goto('/settings');
    const section = provider.page.getByTestId('blocked-members');
    await expect(section.getByText('Boris Tester')).toBeVisible();
    await section.getByRole('button', { name: 'Unblock Boris Tester' }).click();
    await expect(provider.page.getByText('Boris Tester is unblocked')).toBeVisible();
    await expect(section.getByText(BLOCK_MESSAGES.listEmpty)).toBeVisible();

    await provider.page.goto(chatUrl);
    await providerComposer.fill('Sorry, I am back');
    await providerComposer.press('Enter');
    await expect(client.page.getByText('Sorry, I am back')).toBeVisible();
    await client.page.reload();
    await client.page.getByLabel('Message', { exact: true }).fill('Welcome back');
    await client.page.getByLabel('Message', { exact: true }).press('Enter');
    await expect(provider.page.getByText('Welcome back')).toBeVisible();
  });

  test('from a room’s members list: the blocked member’s messages fold, and a click shows them', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = await newUser(browser, 'Rhea');
    const member = await newUser(browser, 'Rolf');
    const post = async (page: Page, path: string, data: unknown) => {
      const response = await page.request.post(`/api/trpc/${path}`, { data });
      expect(response.ok(), path).toBe(true);
      return ((await response.json()) as { result: { data: { id: string } } }).result.data;
    };
    const room = await post(owner.page, 'rooms.create', { name: `Folk${Date.now() % 100000}`, isPrivate: false });
    await post(member.page, 'rooms.join', { id: room.id });
    await post(owner.page, 'roomMessages.send', { roomId: room.id, content: 'Welcome all' });
    await post(member.page, 'roomMessages.send', { roomId: room.id, content: 'Hello one' });
    await post(member.page, 'roomMessages.send', { roomId: room.id, content: 'Hello two' });

    await owner.page.goto(`/chat-rooms/${room.id}`);
    await expect(owner.page.getByText('Hello two')).toBeVisible();
    await owner.page.getByRole('button', { name: 'Show members' }).click();
    await owner.page.getByRole('button', { name: 'Block Rolf Tester' }).click();
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
    await expect(owner.page.getByText('Rolf Tester is blocked')).toBeVisible();
    // The members panel may cover the messages on a phone: closing it is what a reader does.
    await owner.page.keyboard.press('Escape');

    const folded = owner.page.getByTestId('folded');
    await expect(folded).toHaveText(/2 messages from a blocked member/);
    await expect(owner.page.getByText('Hello one')).toHaveCount(0);
    await expect(owner.page.getByText('Welcome all')).toBeVisible();
    // A new one joins the run, live.
    await post(member.page, 'roomMessages.send', { roomId: room.id, content: 'Hello three' });
    await expect(folded).toHaveText(/3 messages from a blocked member/);
    await folded.getByRole('button', { name: BLOCK_MESSAGES.showFolded }).click();
    await expect(owner.page.getByText('Hello one')).toBeVisible();
    await expect(owner.page.getByText('Hello three')).toBeVisible();
  });
});
