import { expect, test, type Browser, type Page } from '@playwright/test';
import { publishService, requestFromDiscovery, signInAsNewUser } from './helpers';

async function newUser(browser: Browser, firstName: string) {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewUser(page, { firstName, lastName: 'Searcher' });
  return page;
}

/** A call through the API, as the other member's app would make it; a refusal for going too fast waits. */
async function post(page: Page, path: string, data: unknown) {
  for (;;) {
    const response = await page.request.post(`/api/trpc/${path}`, { data });
    if (response.status() !== 429) {
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { result: { data: { id: string } } }).result.data;
    }
    await page.waitForTimeout(250);
  }
}

const highlighted = (page: Page, text: string) =>
  page.locator('[data-message-id][data-highlighted="true"]').filter({ hasText: text });

/** The element is inside the scroller's visible area. */
async function expectInView(page: Page, text: string) {
  const scroller = page.getByTestId('message-scroller');
  await expect
    .poll(async () => {
      const [box, item] = await Promise.all([
        scroller.boundingBox(),
        scroller.getByText(text, { exact: true }).boundingBox(),
      ]);
      return Boolean(box && item && item.y >= box.y && item.y + item.height <= box.y + box.height);
    })
    .toBe(true);
}

test.describe('message search', () => {
  test('a word from an older message is found from Messages and opens the conversation at it, highlighted', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const provider = await newUser(browser, 'Pia');
    const client = await newUser(browser, 'Cole');
    const title = `Search${Date.now()} lessons`;
    await publishService(provider, title);
    await requestFromDiscovery(client, title);
    const conversationId = client.url().split('/chat/')[1]!;

    const word = `marimba${Date.now().toString(36)}`;
    const older = `Bring the ${word} sheet music on Saturday`;
    await post(provider, 'conversations.send', { id: conversationId, text: older });
    for (let i = 1; i <= 40; i++)
      await post(provider, 'conversations.send', { id: conversationId, text: `Later note number ${i}` });

    await client.goto('/conversations');
    const box = client.getByLabel('Search messages');
    await box.fill(`${word.slice(0, 4)}`);
    await box.fill(`${word} she`);
    const results = client.getByRole('list', { name: 'Search results' });
    const result = results.getByRole('link').filter({ hasText: 'Pia Searcher' });
    await expect(result).toHaveCount(1);
    await expect(result.locator('mark')).toHaveText([word, 'sheet']);

    // The keyboard reaches the result from the box.
    await box.press('ArrowDown');
    await expect(result).toBeFocused();
    await client.keyboard.press('Enter');
    await expect(client).toHaveURL(new RegExp(`/chat/${conversationId}\\?message=[0-9a-f-]{36}$`));
    await expect(highlighted(client, older)).toBeVisible();
    await expectInView(client, older);
    // The highlight is brief; the message stays.
    await expect(highlighted(client, older)).toHaveCount(0, { timeout: 6_000 });
    await expect(client.getByText(older, { exact: true })).toBeVisible();
  });

  test('nothing found says so, and a room search opens an old room message in place, then scrolls on to the newest', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const member = await newUser(browser, 'Rhea');
    const room = await post(member, 'rooms.create', { name: `Band ${Date.now() % 100000}`, isPrivate: false });
    const word = `oboe${Date.now().toString(36)}`;
    const older = `Who has the ${word} reed`;
    await post(member, 'roomMessages.send', { roomId: room.id, content: older });
    // More than the room's first page (50), so the old message is not on screen when the room opens.
    for (let i = 1; i <= 60; i++)
      await post(member, 'roomMessages.send', { roomId: room.id, content: `Chat line ${i}` });

    await member.goto(`/chat-rooms/${room.id}`);
    const box = member.getByLabel('Search this room');
    await box.fill('nothingmatcheszz');
    await expect(member.getByText('No messages found')).toBeVisible();
    await box.fill(word);
    const result = member.getByRole('list', { name: 'Search results' }).getByRole('link');
    await expect(result).toHaveCount(1);
    await result.click();
    await expect(member).toHaveURL(/\?message=/);
    await expect(highlighted(member, older)).toBeVisible();
    await expectInView(member, older);
    // Scrolling down reads the later messages until the newest.
    const scroller = member.getByTestId('message-scroller');
    await expect
      .poll(
        async () => {
          await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
          return scroller.getByText('Chat line 60', { exact: true }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
  });
});
