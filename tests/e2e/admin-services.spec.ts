import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

/** A tRPC call over HTTP as the signed-in browser context makes it. */
async function trpc(request: APIRequestContext, path: string, input: unknown) {
  const response = await request.post(`/api/trpc/${path}`, { data: input });
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

// One after the other: "flagged first" must not be reordered by the other test's reports.
test.describe.configure({ mode: 'serial' });

test.describe('/admin-services', () => {
  test('a report moves the card first live; Reports, Poll, two votes once each; Delete removes it from browse', async ({
    browser,
  }) => {
    const owner = await member(browser, 'Olive');
    const t = tag();
    const reported = `Guitar lessons ${t}`;
    const doomed = `Drum lessons ${t}`;
    const reportedId = await newService(owner, reported);
    await newService(owner, doomed);
    // Voters exist before the poll starts (newer accounts may not vote on it).
    const reporter = await member(browser, 'Rita');
    const voter = await member(browser, 'Ben');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/');
    await signInAsNewUser(admin, { admin: true, firstName: 'Adam' });
    await admin.goto('/admin-services');
    await expect(admin.getByRole('heading', { name: 'All Services', level: 1 })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
    const cards = admin.getByTestId('admin-service-card');
    const card = cards.filter({ hasText: reported });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('report-count')).toHaveText('0 reports');

    // A member reports it: the open page moves it up among the flagged with its count, without a reload.
    const report = await trpc(reporter.request, 'reports.submit', {
      serviceId: reportedId,
      reason: 'Spam or scam',
      description: 'Asks for payment outside the app.',
    });
    expect(report.status).toBe(200);
    await expect(card.getByTestId('report-count')).toHaveText('1 report');
    // Among the flagged, above every unreported card (other specs' reports, on the same server, may rank higher).
    await expect
      .poll(async () => {
        const counts = await cards.getByTestId('report-count').allTextContents();
        const titles = await cards.getByRole('heading').allTextContents();
        const at = titles.indexOf(reported);
        const firstUnflagged = counts.indexOf('0 reports');
        return at >= 0 && (firstUnflagged === -1 || at < firstUnflagged);
      })
      .toBe(true);

    // Reports lists it: reason, reporter, description.
    await card.getByRole('button', { name: `Reports for ${reported}` }).click();
    const reportsDialog = admin.getByRole('dialog', { name: 'Reports' });
    await expect(reportsDialog.getByText('Spam or scam')).toBeVisible();
    await expect(reportsDialog.getByText('Asks for payment outside the app.')).toBeVisible();
    await expect(reportsDialog.getByText(/Rita Student/)).toBeVisible();
    await admin.keyboard.press('Escape');
    await expect(reportsDialog).toBeHidden();

    // Poll: the reason is required, then it starts and the button is disabled while it runs.
    const pollButton = card.getByRole('button', { name: `Poll about ${reported}` });
    await pollButton.click();
    const pollDialog = admin.getByRole('dialog', { name: 'Start a community poll' });
    await pollDialog.getByRole('button', { name: 'Start Poll' }).click();
    await expect(pollDialog.getByText('Please enter a reason for the poll')).toBeVisible();
    await pollDialog.getByLabel('Reason').fill('Reported as a scam by members');
    await pollDialog.getByRole('button', { name: 'Start Poll' }).click();
    await expect(admin.getByText('Community poll created successfully')).toBeVisible();
    await expect(pollDialog).toBeHidden();
    await expect(pollButton).toBeDisabled();
    await expect(card.getByText('Poll active')).toBeVisible();
    await admin.reload();
    await expect(
      cards.filter({ hasText: reported }).getByRole('button', { name: `Poll about ${reported}` }),
    ).toBeDisabled();

    // Two members vote once each on /polls; a second vote is refused by the server.
    const pollTitle = `Remove service: ${reported}`;
    for (const [page, vote] of [
      [reporter, 'Vote Yes'],
      [voter, 'Vote No'],
    ] as const) {
      await page.goto('/polls');
      const pollCard = page.getByTestId('poll-card').filter({ hasText: pollTitle });
      await pollCard.getByRole('button', { name: vote }).click();
      await expect(page.getByText('Vote cast successfully!')).toBeVisible();
      await expect(pollCard.getByText(vote === 'Vote Yes' ? 'You voted Yes' : 'You voted No')).toBeVisible();
    }
    const polls = await reporter.request.get('/api/trpc/polls.list');
    const list = ((await polls.json()) as { result: { data: { polls: { id: string; title: string }[] } } }).result.data;
    const pollId = list.polls.find((p) => p.title === pollTitle)!.id;
    const again = await trpc(voter.request, 'polls.vote', { pollId, vote: 'yes' });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('You have already voted on this poll');

    // The browse page shows the doomed service to a visitor, until an admin deletes it (with a confirmation).
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/discover-services?search=${encodeURIComponent(doomed)}`);
    await expect(visitor.getByTestId('service-card').filter({ hasText: doomed })).toBeVisible();
    const doomedCard = cards.filter({ hasText: doomed });
    await doomedCard.getByRole('button', { name: `Delete ${doomed}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete this service?' });
    await expect(confirm).toContainText(doomed);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(doomedCard).toBeVisible();
    await doomedCard.getByRole('button', { name: `Delete ${doomed}` }).click();
    // The why is required (it goes to the audit log): without it nothing is deleted.
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByText('Please give a reason')).toBeVisible();
    await expect(doomedCard).toBeVisible();
    await confirm.getByLabel('Reason (kept in the audit log)').fill('Members voted it a scam');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText('Service deleted successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(doomedCard).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByText(doomed)).toHaveCount(0);
  });

  test('a member is sent away; the page fits a 390 px phone in dark mode and passes axe', async ({ browser }) => {
    const someone = await member(browser, 'Mia');
    await someone.goto('/admin-services');
    await expect(someone).toHaveURL(/localhost:\d+\/$/);
    await expect(someone.getByRole('heading', { name: 'All Services' })).toBeHidden();

    const owner = await member(browser, 'Olive');
    const title = `Piano lessons ${tag()}`;
    await newService(owner, title);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const admin = await context.newPage();
    await admin.goto('/');
    await signInAsNewUser(admin, { admin: true, firstName: 'Ada' });
    await admin.goto('/admin-services');
    await expect(admin.getByTestId('admin-service-card').filter({ hasText: title })).toBeVisible();
    await expect(admin.locator('html')).toHaveClass(/dark/);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(admin, '/admin-services, dark, 390 px');
    // Keyboard: Refresh is reachable and works.
    await admin.getByRole('button', { name: 'Refresh' }).focus();
    await admin.keyboard.press('Enter');
    await expect(admin.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await admin
      .getByTestId('admin-service-card')
      .filter({ hasText: title })
      .getByRole('button', { name: `Poll about ${title}` })
      .click();
    await expect(admin.getByRole('dialog', { name: 'Start a community poll' })).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(admin, 'Poll dialog, dark, 390 px');
    await admin.keyboard.press('Escape');
    // The reason dialog of Delete: labelled, reachable by keyboard, within the phone's width.
    await admin
      .getByTestId('admin-service-card')
      .filter({ hasText: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const confirm = admin.getByRole('dialog', { name: 'Delete this service?' });
    await expect(confirm.getByLabel('Reason (kept in the audit log)')).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(admin, 'Delete reason dialog, dark, 390 px');
    await admin.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
  });
});
