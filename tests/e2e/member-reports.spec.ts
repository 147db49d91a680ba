import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACTION_TEXTS, MEMBER_REPORT_TEXTS } from '../../src/domain/member-reports';
import { signInAsNewUser } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

async function newUser(browser: Browser, firstName: string, lastName: string, admin = false) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  const user = await signInAsNewUser(page, { firstName, lastName, admin });
  return { page, user };
}

async function report(page: Page, dialogName: string, reason: string, description: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByLabel(MEMBER_REPORT_TEXTS.descriptionLabel).fill(description);
  await expect(dialog.getByText(MEMBER_REPORT_TEXTS.counter(description.length))).toBeVisible();
  await dialog.getByRole('button', { name: MEMBER_REPORT_TEXTS.submit }).click();
  await expect(page.getByText(MEMBER_REPORT_TEXTS.sent)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** An admin acts on the queue's card that holds `text`, giving a reason. */
async function act(page: Page, text: string, action: keyof typeof ACTION_TEXTS, reason: string) {
  await page.goto('/admin/reports');
  const card = page.getByTestId('report-item').filter({ hasText: text });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: ACTION_TEXTS[action].label }).click();
  const dialog = page.getByRole('dialog', { name: ACTION_TEXTS[action].title });
  await dialog.getByLabel(MEMBER_REPORT_TEXTS.actionReasonLabel).fill(reason);
  await dialog.getByRole('button', { name: MEMBER_REPORT_TEXTS.confirm }).click();
  await expect(page.getByText(ACTION_TEXTS[action].done)).toBeVisible();
  await expect(card).toBeHidden();
}

test.describe('member reports', () => {
  test('a member reports a room message; the admin sees its evidence and removes it', async ({ browser }) => {
    test.setTimeout(120_000);
    const author = await newUser(browser, 'Rude', `Poster${tag()}`);
    const reporter = await newUser(browser, 'Kind', 'Reader');
    const admin = await newUser(browser, 'Ada', 'Admin', true);
    const name = `Lounge${tag()}`;
    const words = `Nobody wants you here ${tag()}`;

    await author.page.goto('/chat-rooms');
    const form = author.page.getByRole('form', { name: 'Create a chat room' });
    await form.getByLabel('Room name').fill(name);
    await form.getByRole('button', { name: 'Create Room' }).click();
    await expect(author.page).toHaveURL(/\/chat-rooms\/[0-9a-f-]{36}$/);
    const box = author.page.getByPlaceholder(`Message #${name}`);
    await box.fill(words);
    await box.press('Enter');
    await expect(box).toHaveValue('');

    await reporter.page.goto(author.page.url());
    const message = reporter.page.getByTestId('room-message').filter({ hasText: words });
    await message.getByRole('button', { name: MEMBER_REPORT_TEXTS.dialogTitle('room_message') }).click();
    await report(reporter.page, MEMBER_REPORT_TEXTS.dialogTitle('room_message'), 'Harassment', 'Aimed at me');

    // The evidence is the message's words, with the reporter and the reason.
    await admin.page.goto('/admin/reports');
    const card = admin.page.getByTestId('report-item').filter({ hasText: words });
    await expect(card).toContainText('Kind Reader');
    await expect(card).toContainText('Harassment');
    await expect(card).toContainText('Aimed at me');
    await act(admin.page, words, 'remove', 'Bullying');

    // Gone from the room for its readers, live.
    await expect(reporter.page.getByText(words)).toBeHidden();
    await expect(author.page.getByText(words)).toBeHidden();
  });

  test('a member reports a member from their profile; the admin warns them and they are told', async ({ browser }) => {
    test.setTimeout(120_000);
    const lastName = `Warned${tag()}`;
    const reported = await newUser(browser, 'Wes', lastName);
    const reporter = await newUser(browser, 'Kim', 'Reporter');
    const admin = await newUser(browser, 'Ada', 'Admin', true);

    await reporter.page.goto(`/profile/${reported.user.userId}`);
    await reporter.page.getByRole('button', { name: MEMBER_REPORT_TEXTS.dialogTitle('member') }).click();
    await report(reporter.page, MEMBER_REPORT_TEXTS.dialogTitle('member'), 'Spam', 'Sends ads to everyone');

    // A second report of the same member while the first is open is refused.
    await reporter.page.getByRole('button', { name: MEMBER_REPORT_TEXTS.dialogTitle('member') }).click();
    const dialog = reporter.page.getByRole('dialog', { name: MEMBER_REPORT_TEXTS.dialogTitle('member') });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: MEMBER_REPORT_TEXTS.submit }).click();
    await expect(reporter.page.getByText(MEMBER_REPORT_TEXTS.alreadyReported)).toBeVisible();
    await dialog.getByRole('button', { name: MEMBER_REPORT_TEXTS.cancel }).click();

    await act(admin.page, `Wes ${lastName}`, 'warn', 'Please stop the ads');

    await reported.page.goto('/notifications');
    await expect(reported.page.getByText(MEMBER_REPORT_TEXTS.warnedNotification)).toBeVisible();
  });
});
