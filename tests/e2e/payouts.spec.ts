import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  payWith,
  paymentPanel,
  publishService,
  requestFromDiscovery,
  signInAsNewUser,
  tapCelebrationsAway,
} from './helpers';

/**
 * From My Profile's card to the setup tab. `nextWindow` is the first window the setup tab opens by itself (an
 * adult's onboarding starts as the tab loads), listened for from the click on: the tab may open it before the test
 * could ask the tab for its popup.
 */
async function openSetup(context: BrowserContext, profile: Page) {
  const opened: Page[] = [];
  const waiting: ((page: Page) => void)[] = [];
  context.on('page', (page) => {
    opened.push(page);
    if (opened.length === 2) waiting.forEach((resolve) => resolve(page));
  });
  const nextWindow = () =>
    new Promise<Page>((resolve) => (opened.length >= 2 ? resolve(opened[1]!) : waiting.push(resolve)));
  await profile.getByTestId('payouts-card').getByRole('button', { name: 'Set Up Payouts' }).click();
  await expect.poll(() => opened.length).toBeGreaterThan(0);
  const setup = opened[0]!;
  await expect(setup).toHaveURL(/\/payouts-setup\?mode=start$/);
  return Object.assign(setup, { nextWindow });
}

async function completeOnboarding(onboarding: Page, legalName: string) {
  await expect(onboarding.getByText('TEST MODE', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(onboarding, 'test mode onboarding');
  await onboarding.getByRole('button', { name: 'Submit' }).click();
  await expect(onboarding.getByRole('alert')).toHaveText('Enter the account holder’s full legal name');
  await onboarding.getByLabel(/full legal name/i).fill(legalName);
  await onboarding.getByRole('button', { name: 'Submit' }).click();
  await expect(onboarding.getByRole('alert')).toHaveText('Accept the connected account agreement to continue');
  await onboarding.getByLabel('I agree to the connected account agreement (test)').check();
  const closed = onboarding.waitForEvent('close');
  await onboarding.getByRole('button', { name: 'Submit' }).click();
  // Back from onboarding, the window tells its opener and closes itself.
  await closed;
}

async function onboardAdult(context: BrowserContext, profile: Page) {
  await profile.goto('/my-profile');
  const badge = profile.getByTestId('payout-badge');
  await expect(badge).toHaveText('Not connected');
  const setup = await openSetup(context, profile);
  const onboarding = await setup.nextWindow();
  await expect(setup.getByText('Redirecting to the payout provider…')).toBeVisible();
  await expect(badge).toHaveText('Action required');
  await completeOnboarding(onboarding, 'Ada Lovelace');
  await expect(setup.getByTestId('payout-status-line')).toContainText('Ready');
  await expect(badge).toHaveText('Ready');
  await expect(profile.getByText('Your payout account is connected! You can now receive payouts.')).toBeVisible();
  await setup.close();
}

/** A new client requests a service, accepts its price and pays with 4242. */
async function paidByNewClient(browser: Browser, title: string, price: string, firstName = 'Chen') {
  const client = await (await browser.newContext()).newPage();
  await signInAsNewUser(client, { firstName, lastName: 'Tester' });
  await tapCelebrationsAway(client);
  await requestFromDiscovery(client, title);
  const chatUrl = client.url();
  await client.getByRole('button', { name: /Accept Original Price/ }).click();
  await client.getByRole('button', { name: `Pay $${price}.00` }).click();
  await payWith(client);
  await expect(client.getByText('Payment successful!')).toBeVisible();
  return { client, chatUrl };
}

/** The same, then the provider starts and completes the work. */
async function paidAndCompleted(browser: Browser, provider: Page, title: string, price: string) {
  const { client, chatUrl } = await paidByNewClient(browser, title, price);
  await provider.goto(chatUrl);
  await provider.getByRole('button', { name: 'Start Service' }).click();
  await expect(provider.getByText('Service marked as in progress')).toBeVisible();
  await provider.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(provider.getByText('Service marked as completed')).toBeVisible();
  return { client, chatUrl };
}

test.describe('payouts', () => {
  test('an adult onboards in test mode and the profile card goes Not connected → Action required → Ready', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsNewUser(page, { firstName: 'Ada', dateOfBirth: '2000-05-05' });
    await onboardAdult(context, page);
    await expectNoSeriousA11yViolations(page, '/my-profile payouts card');
  });

  test('a minor is led to the guardian screen and onboards with a parent’s email', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsNewUser(page, { firstName: 'Milo', dateOfBirth: '2012-02-02' });
    await page.goto('/my-profile');
    const setup = await openSetup(context, page);
    await expect(setup.getByRole('heading', { name: "You're almost ready" })).toBeVisible();
    await expect(setup.getByTestId('payout-dob')).toContainText('Date of birth: 2012-02-02');
    await expect(setup.getByText("Payouts go to a parent or guardian's account where permitted by law.")).toBeVisible();
    await expectNoSeriousA11yViolations(setup, '/payouts-setup guardian screen');
    await setup.getByRole('button', { name: 'Continue' }).click();
    await expect(setup.getByText('Please enter a valid parent/guardian email')).toBeVisible();
    await setup.getByLabel('Parent or guardian email').fill('parent@example.com');
    const onboardingOpened = setup.waitForEvent('popup');
    await setup.getByRole('button', { name: 'Continue' }).click();
    const onboarding = await onboardingOpened;
    await expect(onboarding.getByText('A parent or guardian (parent@example.com)')).toBeVisible();
    await completeOnboarding(onboarding, 'Pat Parent');
    await expect(setup.getByTestId('payout-status-line')).toContainText('Ready');
    await expect(page.getByTestId('payout-badge')).toHaveText('Ready');
  });

  test('paid work is held until the client confirms, paid out (admin suite shows it), then an admin refund takes it back', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const providerContext = await browser.newContext();
    const provider = await providerContext.newPage();
    await signInAsNewUser(provider, { firstName: 'Priya', lastName: 'Tester' });
    await tapCelebrationsAway(provider);
    await onboardAdult(providerContext, provider);
    const title = `Payout${Date.now()} logo`;
    await publishService(provider, title, { price: 40 });

    const { client, chatUrl } = await paidAndCompleted(browser, provider, title, '40');

    // Both see where the money is: held for the client's confirmation, fee and payout spelled out.
    const panel = await paymentPanel(client);
    await expect(panel).toContainText('Waiting for the client to confirm completion');
    await expect(panel).toContainText('Platform fee (10%)');
    await expect(panel.getByTestId('provider-payout')).toHaveText('$36.00');
    await panel.getByRole('button', { name: 'Confirm Completion' }).click();
    await expect(client.getByText('Completion confirmed. The provider will be paid.')).toBeVisible();
    await expect(panel).toContainText('Paid out to the provider');
    await expect(await paymentPanel(provider)).toContainText('Paid out to the provider');
    await expect(provider.getByTestId('notice').getByText('$36.00 was paid out to the provider')).toBeVisible();

    const admin = await (await browser.newContext()).newPage();
    await signInAsNewUser(admin, { admin: true, firstName: 'Adam' });
    await admin.goto('/stripe-test-suite');
    await expect(admin.getByTestId('mode-badge')).toHaveText('TEST MODE');
    await admin.getByRole('tab', { name: 'Database State' }).click();
    await expect(admin.getByTestId('db-transfers')).toContainText('$36.00 paid');

    // Refunded after the payout: the provider's transfer is taken back, and both parties see it live.
    await admin.goto(chatUrl.replace('/chat/', '/conversations/'));
    const adminPanel = await paymentPanel(admin);
    await adminPanel.getByRole('button', { name: 'Refund $40.00' }).click();
    const confirm = admin.getByRole('dialog');
    await expect(confirm).toContainText("the provider's payout of $36.00 is taken back from their account");
    await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(admin.getByText('Payment refunded')).toBeVisible();
    await expect(panel).toContainText('Refunded to the client');
    await expect(panel).toContainText('Payout reversal $36.00: taken back');
    await expect(
      provider.getByTestId('notice').getByText("the provider's payout of $36.00 was reversed", { exact: false }),
    ).toBeVisible();
  });

  test('a client disputes finished work; the admin refunds part and releases the rest on the progress page', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const provider = await (await browser.newContext()).newPage();
    await signInAsNewUser(provider, { firstName: 'Dana', lastName: 'Tester' });
    await tapCelebrationsAway(provider);
    const title = `Dispute${Date.now()} essay`;
    await publishService(provider, title, { price: 50 });
    const { client, chatUrl } = await paidAndCompleted(browser, provider, title, '50');

    const panel = await paymentPanel(client);
    await panel.getByRole('button', { name: 'Open a Dispute' }).click();
    const form = client.getByRole('dialog');
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await expect(form.getByText('Please choose a reason')).toBeVisible();
    await expect(form.getByText('Please describe the problem in 10 to 1000 characters')).toBeVisible();
    await form.getByLabel('Reason').selectOption('Not as described');
    await form.getByLabel('What went wrong?').fill('Half of the essay was not edited.');
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await expect(client.getByText('Dispute opened. An admin will review it.')).toBeVisible();
    await expect(panel).toContainText('Disputed: the payout is frozen until an admin resolves it');
    await expect(panel.getByRole('button', { name: 'Confirm Completion' })).toHaveCount(0);
    await expect(await paymentPanel(provider)).toContainText('Disputed');

    const admin = await (await browser.newContext()).newPage();
    await signInAsNewUser(admin, { admin: true, firstName: 'Adam' });
    await admin.goto(chatUrl.replace('/chat/', '/conversations/'));
    const adminPanel = await paymentPanel(admin);
    await expect(adminPanel).toContainText('Not as described, open');
    await adminPanel.getByLabel('Partial refund (USD)').fill('20');
    await adminPanel.getByRole('button', { name: 'Refund Part, Release the Rest' }).click();
    await expect(admin.getByText('Dispute resolved')).toBeVisible();
    // $30 kept: the provider receives $27.00 after the 10% fee; both parties see it without reloading.
    await expect(adminPanel.getByTestId('provider-payout')).toHaveText('$27.00');
    await expect(panel).toContainText('Refund $20.00');
    await expect(panel.getByTestId('provider-payout')).toHaveText('$27.00');
    await expect(await paymentPanel(provider)).toContainText('Accepted');
    await expectNoSeriousA11yViolations(admin, '/conversations/{id} admin payment tools');
  });

  test('a client cancels before the work starts: refunded in full, no fee kept, the deal reads REFUNDED', async ({
    browser,
  }) => {
    const provider = await (await browser.newContext()).newPage();
    await signInAsNewUser(provider, { firstName: 'Cara', lastName: 'Tester' });
    await tapCelebrationsAway(provider);
    const title = `Cancel${Date.now()} lessons`;
    await publishService(provider, title, { price: 110 });
    const { client } = await paidByNewClient(browser, title, '110', 'Carl');

    const panel = await paymentPanel(client);
    await panel.getByRole('button', { name: 'Cancel and Refund' }).click();
    await expect(client.getByRole('dialog')).toContainText('You get $110.00 back on your card');
    await client.getByRole('dialog').getByRole('button', { name: 'Cancel Service' }).click();
    await expect(client.getByText('Service cancelled. Your payment was refunded.')).toBeVisible();
    await expect(client.getByTestId('payment-badge')).toHaveText('REFUNDED');
    await expect(client.getByText('PROPOSAL', { exact: true })).toHaveCount(0);
    await expect(panel.getByTestId('platform-fee')).toHaveText('$0.00');
    await expect(panel.getByTestId('provider-payout')).toHaveText('$0.00');
    await expect(panel.getByRole('button', { name: 'Cancel and Refund' })).toHaveCount(0);
  });

  test('an admin runs the automated suite to all passed; others are refused', async ({ browser }) => {
    const admin = await (await browser.newContext()).newPage();
    await signInAsNewUser(admin, { admin: true, firstName: 'Adam' });
    await admin.goto('/stripe-test-suite');
    await expectNoSeriousA11yViolations(admin, '/stripe-test-suite');
    await admin.getByRole('button', { name: 'Run All Tests' }).click();
    await expect(admin.getByText('Test suite completed!')).toBeVisible({ timeout: 20_000 });
    for (const check of ['config', 'intent', 'fees', 'routing', 'webhook']) {
      await expect(admin.getByTestId(`check-${check}`)).toContainText('passed');
    }
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download Report as JSON' }).click();
    expect((await download).suggestedFilename()).toMatch(/^payment-test-report-.*\.json$/);
    await admin.getByRole('tab', { name: 'Webhook Logs' }).click();
    await expect(admin.getByText('charge.dispute.created')).toBeVisible();

    await admin.goto('/stripe-test');
    await admin.getByLabel('Card number').fill('4242 4242 4242 4242');
    await admin.getByLabel('Expiry (MM/YY)').fill('12/34');
    await admin.getByLabel('CVC').fill('123');
    await admin.getByRole('button', { name: 'Pay now' }).click();
    await expect(admin.getByText('Payment successful!').first()).toBeVisible();

    const member = await (await browser.newContext()).newPage();
    await signInAsNewUser(member, { firstName: 'Mia' });
    await member.goto('/stripe-test-suite');
    await expect(member.getByText('Admin access required to view this page')).toBeVisible();
    await member.goto('/stripe-test');
    await expect(member.getByText('Forbidden: Admins only.')).toBeVisible();
  });
});
