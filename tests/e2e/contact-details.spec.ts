import { expect, test, type Browser } from '@playwright/test';
import { publishService, requestFromDiscovery, signInAsNewUser, tapCelebrationsAway } from './helpers';

const CONFIRM_TITLE = 'Keep deals and payments on SkillNest: it protects you';
const HIDDEN = '[contact details hidden]';

async function newUser(browser: Browser, firstName: string, dateOfBirth: string) {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewUser(page, { firstName, lastName: 'Tester', dateOfBirth });
  await tapCelebrationsAway(page);
  return page;
}

test.describe('contact details in a direct message', () => {
  test('a phone number asks to confirm; editing keeps the draft; sending anyway sends it', async ({ browser }) => {
    const provider = await newUser(browser, 'Priya', '1995-03-01');
    const client = await newUser(browser, 'Chen', '1998-06-01');
    const title = `Essay${Date.now()} feedback`;
    await publishService(provider, title);
    await requestFromDiscovery(client, title);

    const composer = client.getByLabel('Message', { exact: true });
    await composer.fill('text me on 07911 123456');
    await composer.press('Enter');
    const dialog = client.getByRole('dialog', { name: CONFIRM_TITLE });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit message' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(composer).toHaveValue('text me on 07911 123456');
    await expect(composer).toBeFocused();

    await composer.press('Enter');
    await client.getByRole('dialog', { name: CONFIRM_TITLE }).getByRole('button', { name: 'Send anyway' }).click();
    await expect(composer).toHaveValue('');
    await expect(client.getByText('text me on 07911 123456')).toBeVisible();
    // Between adults the words arrive as typed.
    await provider.goto(client.url());
    await expect(provider.getByText('text me on 07911 123456')).toBeVisible();
  });

  test('with a minor the other side reads "[contact details hidden]" and the sender is told', async ({ browser }) => {
    const provider = await newUser(browser, 'Priya', '1995-03-01');
    const client = await newUser(browser, 'Mia', '2011-09-03');
    const title = `Guitar${Date.now()} lesson`;
    await publishService(provider, title);
    await requestFromDiscovery(client, title);
    await provider.goto(client.url());

    const composer = provider.getByLabel('Message', { exact: true });
    await composer.fill('add me on snap priya_k22');
    await composer.press('Enter');
    await provider.getByRole('dialog', { name: CONFIRM_TITLE }).getByRole('button', { name: 'Send anyway' }).click();

    await expect(client.getByText(HIDDEN, { exact: true })).toBeVisible();
    await expect(client.getByText('priya_k22')).toHaveCount(0);
    await expect(provider.getByText(HIDDEN, { exact: true })).toBeVisible();
    await expect(
      provider.getByText('Contact details in this message were hidden from the other person.'),
    ).toBeVisible();
    // The recipient is not shown the sender's note.
    await expect(client.getByText('Contact details in this message were hidden')).toHaveCount(0);
  });
});

test('an offer whose message shares details asks the same question, and is sent once confirmed', async ({
  browser,
}) => {
  const poster = await newUser(browser, 'Rosa', '1990-02-01');
  const offerer = await newUser(browser, 'Omar', '1992-04-01');
  const title = `Chemistry${Date.now()} help`;
  await poster.goto('/request-service');
  const form = poster.getByRole('form', { name: 'Submit Request' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Organic chemistry revision.');
  await form.getByLabel('Category').selectOption({ label: 'Tutoring' });
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(poster.getByText('Request Submitted Successfully')).toBeVisible();

  await offerer.goto(`/requests?q=${encodeURIComponent(title)}`);
  await offerer.getByRole('button', { name: `Send offer on ${title}` }).click();
  const offer = offerer.getByRole('dialog', { name: 'Send an offer' });
  await offer.getByLabel('Your price (USD)').fill('30');
  await offer.getByLabel('Message', { exact: true }).fill('call me on 07911 123456');
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  const confirm = offerer.getByRole('dialog', { name: CONFIRM_TITLE });
  await confirm.getByRole('button', { name: 'Edit message' }).click();
  await expect(offer.getByLabel('Message', { exact: true })).toHaveValue('call me on 07911 123456');
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await offerer.getByRole('dialog', { name: CONFIRM_TITLE }).getByRole('button', { name: 'Send anyway' }).click();
  await expect(offerer).toHaveURL(/\/chat\//);
  await expect(offerer.getByText('call me on 07911 123456')).toBeVisible();
});
