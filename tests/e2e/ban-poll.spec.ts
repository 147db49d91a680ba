import { expect, test, type Browser, type Page } from '@playwright/test';
import { POLL_MESSAGES } from '../../src/domain/polls';
import { signInAsNewUser } from './helpers';

/** An admin starts a ban poll from /admin/users; members vote on it once, and its subject only reads why not. */
test.use({ viewport: { width: 390, height: 844 } });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

test('an admin starts a ban poll from /admin/users; a member sees it on /polls and votes once', async ({ browser }) => {
  const targetPage = await newPage(browser);
  const target = await signInAsNewUser(targetPage, { firstName: 'Tara', lastName: 'Stone' });
  await targetPage.goto('/polls');
  await expect(targetPage.getByRole('heading', { name: 'Community Polls' })).toBeVisible();
  // Only accounts older than the poll vote on it: the voter exists before the admin starts it.
  const voter = await newPage(browser);
  await signInAsNewUser(voter, { firstName: 'Vic' });
  await voter.goto('/polls');
  await expect(voter.getByRole('heading', { name: 'Community Polls' })).toBeVisible();

  const admin = await newPage(browser);
  await signInAsNewUser(admin, { admin: true, firstName: 'Ada' });
  await admin.goto('/admin/users');
  await admin.getByLabel('Search by name or email').fill(target.email);
  const row = admin.getByTestId('admin-user-row').filter({ hasText: target.email });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Start a ban poll about ${target.email}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Start a ban poll' });
  await expect(dialog.getByLabel('Title (optional)')).toBeVisible();
  // The reason is required (spec 2 section 5): nothing starts without it.
  await dialog.getByRole('button', { name: 'Start Poll' }).click();
  await expect(dialog.getByText(POLL_MESSAGES.reasonRequired)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Sends unkind messages to younger members');
  await dialog.getByRole('button', { name: 'Start Poll' }).click();
  await expect(admin.getByText(POLL_MESSAGES.created, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second active ban poll about the same member is refused, with the server's reason.
  await row.getByRole('button', { name: `Start a ban poll about ${target.email}` }).click();
  await dialog.getByLabel('Reason').fill('Again');
  await dialog.getByRole('button', { name: 'Start Poll' }).click();
  const refusal = admin.locator('[data-sonner-toast]').filter({ hasText: POLL_MESSAGES.createFailed });
  await expect(refusal).toContainText(POLL_MESSAGES.alreadyActive);
  await expect(dialog).toBeVisible();

  // The default title names the member by first name and last initial only; it arrives live on the open /polls.
  const card = voter.getByTestId('poll-card').filter({ hasText: 'Ban user: Tara S.' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Sends unkind messages to younger members')).toBeVisible();
  // The member the poll is about reads why they may not vote, on the card that arrived live and after a reload.
  const theirCard = targetPage.getByTestId('poll-card').filter({ hasText: 'Ban user: Tara S.' });
  for (const when of ['live', 'reloaded']) {
    if (when === 'reloaded') await targetPage.reload();
    await expect(theirCard.getByText(POLL_MESSAGES.selfVote)).toBeVisible();
    await expect(theirCard.getByRole('button')).toHaveCount(0);
  }
  await expect(card.getByText(POLL_MESSAGES.selfVote)).toHaveCount(0);

  await card.getByRole('button', { name: 'Vote Yes' }).click();
  await expect(voter.getByText(POLL_MESSAGES.voted)).toBeVisible();
  await expect(card.getByText('You voted Yes')).toBeVisible();
  await expect(card.getByTestId('yes-count')).toHaveText('Yes: 1');

  // A second vote, sent past the page, is refused and counts nothing.
  const polls = await voter.request.get('/api/trpc/polls.list');
  const list = ((await polls.json()) as { result: { data: { polls: { id: string; title: string }[] } } }).result.data;
  const pollId = list.polls.find((p) => p.title === 'Ban user: Tara S.')!.id;
  const again = await voter.request.post('/api/trpc/polls.vote', { data: { pollId, vote: 'no' } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe(POLL_MESSAGES.alreadyVoted);
  await voter.reload();
  await expect(card.getByTestId('yes-count')).toHaveText('Yes: 1');
  await expect(card.getByTestId('no-count')).toHaveText('No: 0');
});
