import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  publishService,
  requestFromDiscovery,
  signInAsNewUser,
  tapCelebrationsAway,
} from './helpers';

async function newUser(browser: Browser, firstName: string) {
  const page = await (await browser.newContext()).newPage();
  const user = await signInAsNewUser(page, { firstName, lastName: 'Tester' });
  await tapCelebrationsAway(page);
  return { page, user };
}

/** The bell, by its accessible name ("Notifications" or "Notifications, 3 unread"). */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('the notification bell', () => {
  test("a price proposed shows in the other party's bell live, opens the chat and reads itself", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const provider = await newUser(browser, 'Priya');
    const client = await newUser(browser, 'Chen');
    const title = `Bell${Date.now()} poster`;
    await publishService(provider.page, title, { price: 50 });
    await requestFromDiscovery(client.page, title);
    const chatUrl = client.page.url();

    // The provider's bell says a service was requested; the client is on the home page with the bell open.
    await provider.page.goto('/');
    await bell(provider.page).click();
    await expect(
      provider.page.getByRole('link', { name: `Chen Tester requested your service "${title}"` }),
    ).toBeVisible();
    await provider.page.keyboard.press('Escape');

    const counted = client.page.waitForResponse(/notifications\.unreadCount/);
    await client.page.goto('/');
    await counted;
    await bell(client.page).click();
    const popover = client.page.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByRole('link', { name: 'See all' })).toBeVisible();
    // The request's progress awards may be there already: read them, so the count starts at nothing.
    const markAll = popover.getByRole('button', { name: 'Mark all as read' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(bell(client.page)).toHaveAccessibleName('Notifications');

    // The provider proposes in the chat; the client's open bell shows it without a reload.
    await provider.page.goto(chatUrl);
    await provider.page.getByRole('button', { name: 'Propose Price' }).click();
    await provider.page.getByRole('dialog').getByLabel('Price (USD)').fill('80');
    await provider.page.getByRole('dialog').getByRole('button', { name: 'Send Proposal' }).click();
    await expect(provider.page.getByText('Price proposal sent')).toBeVisible();

    const item = popover.getByRole('link', { name: `Priya Tester proposed $80.00 for "${title}"` });
    await expect(item).toBeVisible();
    await expect(bell(client.page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(client.page.getByTestId('bell-badge')).toHaveText('1');
    await expectNoSeriousA11yViolations(client.page, 'the bell open');

    // Opening it goes to the conversation and reads it: the count goes down.
    await item.click();
    await expect(client.page).toHaveURL(chatUrl);
    await expect(bell(client.page)).toHaveAccessibleName('Notifications');
  });

  test('the page says when there are none, then lists one live; Mark all as read works by keyboard', async ({
    browser,
  }) => {
    const member = await newUser(browser, 'Robin');
    const other = await newUser(browser, 'Sam');
    const title = `Page${Date.now()} tutoring`;
    await publishService(member.page, title, { price: 20 });
    await member.page.goto('/notifications');
    await expect(member.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    // Progress awards (the first service) may be listed already: the list or the empty state, either way.
    const markAll = member.page.getByRole('button', { name: 'Mark all as read' });
    const list = member.page.getByRole('list', { name: 'Your notifications' });
    const empty = member.page.getByText('You have no notifications yet.', { exact: false });
    await expect(list.or(empty).first()).toBeVisible();

    await requestFromDiscovery(other.page, title);
    const item = list.getByRole('link', { name: `Sam Tester requested your service "${title}"` });
    await expect(item).toBeVisible();
    await expect(bell(member.page)).toHaveAccessibleName(/Notifications, \d+ unread/);
    await markAll.focus();
    await member.page.keyboard.press('Enter');
    await expect(bell(member.page)).toHaveAccessibleName('Notifications');
    await expect(markAll).toBeDisabled();
    await expectNoSeriousA11yViolations(member.page, '/notifications');
  });

  test('a member with nothing yet reads the empty state', async ({ page }) => {
    await signInAsNewUser(page, { firstName: 'Quinn' });
    await page.goto('/notifications');
    await expect(page.getByText('You have no notifications yet.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
