import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, payWith, publishService, signInAsNewUser } from './helpers';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newUser(browser: Browser, firstName: string) {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAsNewUser(page, { firstName, lastName: 'Tester' });
  return page;
}

/** A message through the API, as the other party's app would send it; a refusal for going too fast waits. */
async function send(page: Page, id: string, text: string) {
  for (;;) {
    const response = await page.request.post('/api/trpc/conversations.send', { data: { id, text } });
    if (response.status() !== 429) return expect(response.status()).toBe(200);
    await page.waitForTimeout(250);
  }
}

const scroller = (page: Page) => page.getByTestId('message-scroller');
const message = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

/** The message is inside the list's visible area, and the list is scrolled to its end. */
async function expectAtNewest(page: Page, text: string) {
  await expect(message(page, text)).toBeVisible();
  await expect
    .poll(async () => {
      const [list, item] = await Promise.all([scroller(page).boundingBox(), message(page, text).boundingBox()]);
      const below = await scroller(page).evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
      return Boolean(list && item && item.y >= list.y && item.y + item.height <= list.y + list.height && below <= 1);
    })
    .toBe(true);
}

const listHeight = async (page: Page) => (await scroller(page).boundingBox())!.height;

test.describe('the chat layout', () => {
  test('a paid chat opens at its newest message on a desktop and a phone, stays there, and folds the deal into one line', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const provider = await newUser(browser, 'Pia');
    const client = await newUser(browser, 'Cole');
    const title = `Layout${Date.now()} flyer`;
    await publishService(provider, title, { price: 20 });

    await client.goto(`/discover-services?q=${encodeURIComponent(title)}`);
    await client
      .getByTestId('service-card')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Request' })
      .click();
    await expect(client).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatUrl = client.url();
    const id = chatUrl.split('/chat/')[1]!;

    // The provider proposes $25: the client's header shows the pending proposal instead of the listing's price.
    await provider.goto(chatUrl);
    await expect(provider.getByTestId('conversation-price')).toHaveText('$20.00');
    await provider.getByRole('button', { name: 'Propose Price' }).click();
    await provider.getByRole('dialog').getByLabel('Price (USD)').fill('25');
    await provider.getByRole('dialog').getByRole('button', { name: 'Send Proposal' }).click();
    await expect(client.getByTestId('conversation-price')).toHaveText('$25.00 proposed');
    await expect(provider.getByTestId('conversation-price')).toHaveText('$25.00 proposed');

    await client.getByRole('button', { name: 'Accept', exact: true }).click();
    await client.getByRole('button', { name: 'Pay $25.00' }).click();
    await payWith(client);
    await expect(client.getByText('Payment successful!')).toBeVisible();
    // Paid, and held until the client confirms: both headers say so, live.
    await expect(client.getByTestId('payment-badge')).toHaveText('HELD');
    await expect(provider.getByTestId('payment-badge')).toHaveText('HELD');
    await expect(client.getByTestId('conversation-price')).toHaveText('$25.00');

    // Enough messages to scroll, from both sides.
    for (let n = 1; n <= 40; n += 4) {
      await Promise.all(
        [0, 1, 2, 3].map((i) => send(i % 2 ? provider : client, id, `Line ${String(n + i).padStart(2, '0')}`)),
      );
    }

    // 1280 x 800, opened after payment: the newest message is in view, the list has most of the screen, the
    // deal is a side panel.
    await client.goto(chatUrl);
    await expectAtNewest(client, 'Line 40');
    expect(await listHeight(client)).toBeGreaterThan(450);
    await expect(
      client.getByRole('complementary', { name: 'Deal details' }).getByTestId('payment-panel'),
    ).toContainText('Payment held until the work is accepted');
    await expect(client.getByTestId('payment-badge')).toHaveText('HELD');

    // A message from the other side keeps the reader at the bottom.
    await send(provider, id, 'Arrived while reading');
    await expectAtNewest(client, 'Arrived while reading');

    // A reader of history is not moved: they are told, and jump back down.
    await scroller(client).hover();
    await client.mouse.wheel(0, -3000);
    await expect(client.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
    await send(provider, id, 'While you were up there');
    // Exact: "Jump to new messages" (the unread divider's, when it is off screen) may be showing too.
    const jump = client.getByRole('button', { name: 'New messages', exact: true });
    await expect(jump).toBeVisible();
    await expect(message(client, 'While you were up there')).not.toBeInViewport();
    await jump.click();
    await expectAtNewest(client, 'While you were up there');
    await expect(jump).toHaveCount(0);

    await client.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    await expect(client.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(client, '/chat paid, dark, 1280 px');

    // 390 x 844: the same, with the deal folded into one line above the messages.
    await client.setViewportSize(PHONE);
    await client.goto(chatUrl);
    await expectAtNewest(client, 'While you were up there');
    expect(await listHeight(client)).toBeGreaterThan(450);
    await expect(client.getByTestId('payment-badge')).toHaveText('HELD');
    await expect(client.getByRole('complementary', { name: 'Deal details' })).toHaveCount(0);
    const summary = client.getByTestId('deal-summary');
    await expect(summary).toContainText('Paid $25.00 · held until you confirm');
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(client.getByTestId('payment-panel')).toHaveCount(0);

    await send(provider, id, 'Seen on the phone');
    await expectAtNewest(client, 'Seen on the phone');

    // The summary opens and closes from the keyboard; the messages stay at the newest one.
    await summary.focus();
    await client.keyboard.press('Enter');
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await expect(client.getByTestId('payment-panel')).toContainText('Platform fee (10%)');
    await expect(client.getByRole('list', { name: 'Service Progress Tracker' })).toContainText('Paid');
    await expectAtNewest(client, 'Seen on the phone');
    await expectNoSeriousA11yViolations(client, '/chat paid, summary open, dark, 390 px');
    await client.keyboard.press('Enter');
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(client.getByTestId('payment-panel')).toHaveCount(0);
    await client.keyboard.press(' ');
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await client.keyboard.press(' ');
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expectAtNewest(client, 'Seen on the phone');
    await expectNoSeriousA11yViolations(client, '/chat paid, dark, 390 px');

    // The client's own message brings them down even from history.
    await scroller(client).evaluate((el) => el.scrollTo({ top: 0 }));
    await client.getByLabel('Message', { exact: true }).fill('My reply from the phone');
    await client.getByLabel('Message', { exact: true }).press('Enter');
    await expectAtNewest(client, 'My reply from the phone');

    // Something above the chat grows without a resize (a banner): the chat shrinks, the composer stays on screen.
    await client.evaluate(() => {
      const banner = document.createElement('div');
      banner.style.height = '120px';
      document.body.prepend(banner);
    });
    await expect(client.getByLabel('Message', { exact: true })).toBeInViewport({ ratio: 1 });

    // The work is done: the client's Confirm Completion shows with the folded line, whole on the phone's screen.
    await client.reload();
    await provider.goto(chatUrl);
    await provider.getByRole('button', { name: 'Start Service' }).click();
    await expect(provider.getByText('Service marked as in progress')).toBeVisible();
    await provider.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(provider.getByText('Service marked as completed')).toBeVisible();
    const confirm = client.getByRole('button', { name: 'Confirm Completion' });
    await expect(confirm).toBeInViewport({ ratio: 1 });
    await expect(summary).toContainText('Paid $25.00');
    await expectNoSeriousA11yViolations(client, '/chat completed, dark, 390 px');

    // Its toast comes from the top of a phone's screen, clear of the composer.
    await confirm.click();
    const toast = client.locator('[data-sonner-toast]').filter({ hasText: 'Completion confirmed' });
    await expect(toast).toBeVisible();
    const [toastBox, composerBox] = await Promise.all([
      toast.boundingBox(),
      client.getByLabel('Message', { exact: true }).boundingBox(),
    ]);
    expect(toastBox!.y + toastBox!.height).toBeLessThan(composerBox!.y);
  });
});
