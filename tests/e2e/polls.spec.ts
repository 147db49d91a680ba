import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

/** A tRPC call over HTTP as the signed-in browser context makes it (the admin's poll has no page yet). */
async function trpc(request: APIRequestContext, path: string, input: unknown, method: 'GET' | 'POST' = 'POST') {
  const response =
    method === 'GET'
      ? await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : await request.post(`/api/trpc/${path}`, { data: input });
  const body = (await response.json()) as { result?: { data: unknown }; error?: { message: string } };
  return { status: response.status(), data: body.result?.data, error: body.error };
}

async function member(browser: Browser, firstName: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/');
  await signInAsNewUser(page, { firstName });
  return page;
}

async function newService(page: Page, title: string) {
  const created = await trpc(page.request, 'services.create', {
    title,
    description: 'Weekly guitar lessons for beginners, chords and strumming.',
    category_id: SERVICE_CATEGORIES[0]!.id,
    price: 25,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  return (created.data as { id: string }).id;
}

test.describe('reports and community polls', () => {
  test('a member reports a service, an admin sees the count and starts a poll, two members vote once each, live', async ({
    browser,
  }) => {
    const owner = await member(browser, 'Olive');
    const title = `Guitar lessons ${tag()}`;
    const serviceId = await newService(owner, title);

    const reporter = await member(browser, 'Rita');
    await reporter.goto(`/services/${serviceId}`);
    await reporter.getByRole('button', { name: 'Report this service' }).click();
    const dialog = reporter.getByRole('dialog', { name: 'Report this service' });
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(dialog.getByText('Please select a reason')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption('Spam or scam');
    await dialog.getByLabel('Description').fill('Asks for payment outside the app.');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(reporter.getByText('Report submitted. Thank you for keeping SkillNest safe.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // A second report is refused by the server with its reason.
    await reporter.getByRole('button', { name: 'Report this service' }).click();
    await dialog.getByLabel('Reason').selectOption('Other');
    await dialog.getByLabel('Description').fill('Again');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(reporter.getByText('You have already reported this service')).toBeVisible();

    // The owner is never offered Report on their own service.
    await owner.goto(`/services/${serviceId}`);
    await expect(owner.getByRole('heading', { name: title })).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Report this service' })).toHaveCount(0);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/');
    await signInAsNewUser(admin, { admin: true, firstName: 'Adam' });
    const counts = await trpc(admin.request, 'reports.counts', { serviceIds: [serviceId] }, 'GET');
    expect(counts.data).toEqual([{ serviceId, reportCount: 1, activePollId: null }]);
    const reports = await trpc(admin.request, 'reports.forService', { serviceId }, 'GET');
    expect(reports.data).toEqual([expect.objectContaining({ reason: 'Spam or scam', reporterName: 'Rita Student' })]);
    // Members cannot read reports.
    expect((await trpc(reporter.request, 'reports.counts', { serviceIds: [serviceId] }, 'GET')).status).toBe(403);

    const voterA = reporter;
    const voterB = await member(browser, 'Ben');
    await voterA.goto('/polls');
    await voterB.goto('/polls');
    await owner.goto('/polls');
    await expect(voterA.getByRole('heading', { name: 'Community Polls' })).toBeVisible();
    await expect(owner.getByRole('heading', { name: 'Community Polls' })).toBeVisible();

    const created = await trpc(admin.request, 'polls.create', {
      pollType: 'service_deletion',
      serviceId,
      description: 'Reported as a scam by members',
    });
    expect(created.status).toBe(200);
    const pollTitle = `Remove service: ${title}`;
    // The new poll appears live on both open pages.
    const cardA = voterA.getByTestId('poll-card').filter({ hasText: pollTitle });
    const cardB = voterB.getByTestId('poll-card').filter({ hasText: pollTitle });
    await expect(cardA).toBeVisible();
    await expect(cardB).toBeVisible();
    await expect(cardA.getByText('Reported as a scam by members')).toBeVisible();
    await expect(cardA.getByText(/^(7d 0h|6d 23h) remaining$/)).toBeVisible();

    // The service's owner reads why they may not vote, on the card that arrived live and after a reload, never buttons.
    const ownerCard = owner.getByTestId('poll-card').filter({ hasText: pollTitle });
    for (const when of ['live', 'reloaded']) {
      if (when === 'reloaded') await owner.reload();
      await expect(ownerCard.getByText('You cannot vote on a poll about your own service')).toBeVisible();
      await expect(ownerCard.getByRole('button')).toHaveCount(0);
    }
    await expect(cardA.getByText('You cannot vote on a poll about your own service')).toHaveCount(0);

    await cardA.getByRole('button', { name: 'Vote Yes' }).click();
    await expect(voterA.getByText('Vote cast successfully!')).toBeVisible();
    await expect(cardA.getByText('You voted Yes')).toBeVisible();
    await expect(cardB.getByTestId('yes-count')).toHaveText('Yes: 1');

    await cardB.getByRole('button', { name: 'Vote No' }).click();
    await expect(cardB.getByText('You voted No')).toBeVisible();
    await expect(cardA.getByTestId('no-count')).toHaveText('No: 1');
    await expect(cardA.getByTestId('yes-count')).toHaveText('Yes: 1');

    // A second vote, sent past the page, is refused and counts nothing.
    const pollId = (created.data as { id: string }).id;
    const again = await trpc(voterA.request, 'polls.vote', { pollId, vote: 'no' });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('You have already voted on this poll');
    await voterB.reload();
    await expect(cardB.getByTestId('no-count')).toHaveText('No: 1');

    // The admin card's poll state: the service now has an active poll.
    const after = await trpc(admin.request, 'reports.counts', { serviceIds: [serviceId] }, 'GET');
    expect(after.data).toEqual([{ serviceId, reportCount: 1, activePollId: pollId }]);
  });

  test('a visitor is sent to sign in', async ({ page }) => {
    await page.goto('/polls');
    await expect(page).toHaveURL(/\/auth\?mode=login/);
  });

  test('/polls and the Report dialog fit a 390 px phone in dark mode and pass axe', async ({ browser }) => {
    const owner = await member(browser, 'Olive');
    const drumTitle = `Drum lessons ${tag()}`;
    const serviceId = await newService(owner, drumTitle);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/');
    await signInAsNewUser(admin, { admin: true, firstName: 'Adam' });
    expect(
      (await trpc(admin.request, 'polls.create', { pollType: 'service_deletion', serviceId, description: 'Spam' }))
        .status,
    ).toBe(200);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    await page.goto('/');
    await signInAsNewUser(page, { firstName: 'Pia' });
    await page.goto('/polls');
    await expect(page.getByTestId('poll-card').first()).toBeVisible();
    // An account made after the poll started reads why it may not vote, instead of buttons the server would refuse.
    const card = page.getByTestId('poll-card').filter({ hasText: `Remove service: ${drumTitle}` });
    await expect(card.getByText('Only accounts that existed when this poll started can vote on it')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, '/polls, dark, 390 px');

    await page.goto(`/services/${serviceId}`);
    await page.getByRole('button', { name: 'Report this service' }).click();
    await expect(page.getByRole('dialog', { name: 'Report this service' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, 'Report dialog, dark, 390 px');
  });
});
