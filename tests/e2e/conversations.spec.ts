import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  payWith,
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

/** The centred notices of the message list (prices, payments, progress). */
const notices = (page: Page) => page.getByTestId('notice');

/** Matches the HTTP call that carries one tRPC procedure (alone or in a batch), to fail it as a network would. */
function tRpcCall(procedure: string) {
  return (url: URL) => url.pathname.startsWith('/api/trpc/') && url.pathname.slice(10).split(',').includes(procedure);
}

test.describe('direct conversations', () => {
  test('request, chat live both ways, negotiate, pay, deliver, review', async ({ browser }) => {
    test.setTimeout(90_000);
    const provider = await newUser(browser, 'Priya');
    const client = await newUser(browser, 'Chen');
    const title = `Poster${Date.now()} design`;
    await publishService(provider.page, title, { price: 50 });

    await requestFromDiscovery(client.page, title);
    const chatUrl = client.page.url();
    await expect(client.page.getByText(`Hi! I'd like to request your service "${title}".`)).toBeVisible();
    await expect(client.page.getByText('PROPOSAL', { exact: true })).toBeVisible();

    // The provider sees the conversation with an unread badge, opens it, and the two chat live.
    await provider.page.goto('/conversations');
    const row = provider.page.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByTestId('unread-badge')).toHaveText('1');
    await expect(provider.page.getByTestId('menu-unread')).toHaveText('1');
    await row.getByRole('link', { name: `Chen Tester: ${title}` }).click();
    await expect(provider.page).toHaveURL(chatUrl);
    // Opening the conversation reads it: the menu's count goes away.
    await expect(provider.page.getByTestId('menu-unread')).toHaveCount(0);
    const composer = provider.page.getByLabel('Message', { exact: true });
    await composer.fill('Happy to help!');
    await composer.press('Enter');
    await expect(client.page.getByText('Happy to help!')).toBeVisible();
    await client.page.getByLabel('Message', { exact: true }).fill('Great, thanks');
    await client.page.getByLabel('Message', { exact: true }).press('Enter');
    await expect(provider.page.getByText('Great, thanks')).toBeVisible();
    await expectNoSeriousA11yViolations(provider.page, '/chat');

    // Propose -> reject -> propose -> accept, each side seeing the other's move without reloading.
    const propose = async (page: Page, label: string, price: string) => {
      await page.getByRole('button', { name: label }).click();
      await page.getByRole('dialog').getByLabel('Price (USD)').fill(price);
      await page.getByRole('dialog').getByRole('button', { name: 'Send Proposal' }).click();
      await expect(page.getByText('Price proposal sent')).toBeVisible();
    };
    await propose(provider.page, 'Propose Price', '80');
    await expect(notices(client.page).getByText('Proposed $80.00/job')).toBeVisible();
    await client.page.getByRole('button', { name: 'Reject' }).click();
    await expect(client.page.getByText('Price proposal rejected')).toBeVisible();
    await expect(notices(provider.page).getByText('Rejected $80.00/job')).toBeVisible();
    await propose(provider.page, 'Adjust Price', '65');
    await client.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(client.page.getByText('Price proposal accepted')).toBeVisible();
    await expect(provider.page.getByText('Waiting for the client to pay.')).toBeVisible();

    // A declined card, then the success card; the server marks it paid through the signed webhook path.
    await client.page.getByRole('button', { name: 'Pay $65.00' }).click();
    await payWith(client.page, '4000 0000 0000 0002');
    await expect(client.page.getByRole('dialog').getByRole('alert')).toHaveText('Your card was declined.');
    await client.page.getByRole('dialog').getByLabel('Card number').fill('4242 4242 4242 4242');
    await client.page.getByRole('dialog').getByRole('button', { name: 'Pay now' }).click();
    await expect(client.page.getByText('Payment successful!')).toBeVisible();
    await expect(notices(provider.page).getByText('Payment of $65.00 received')).toBeVisible();

    await provider.page.getByRole('button', { name: 'Start Service' }).click();
    await expect(provider.page.getByText('Service marked as in progress')).toBeVisible();
    await expect(client.page.getByText('IN PROGRESS', { exact: true })).toBeVisible();
    await provider.page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(provider.page.getByText('Service marked as completed')).toBeVisible();
    await expect(client.page.getByText('COMPLETED', { exact: true })).toBeVisible();

    await client.page.getByRole('button', { name: 'Write a Review' }).click();
    const review = client.page.getByRole('dialog');
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(review.getByText('Please select a rating')).toBeVisible();
    await expect(review.getByText('Review must be at least 10 characters')).toBeVisible();
    await review.getByLabel('5 stars').check({ force: true });
    await review.getByLabel('Review').fill('Fast, friendly and the poster looks great.');
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(client.page.getByText('Review submitted successfully')).toBeVisible();
    await expect(client.page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);

    await client.page.goto(`/profile/${provider.user.userId}`);
    const summary = client.page.getByTestId('rating-summary');
    await expect(summary).toContainText('5.0');
    await expect(summary).toContainText('1 review');
    await expect(client.page.getByTestId('review')).toContainText('Fast, friendly and the poster looks great.');
    await expect(client.page.getByTestId('review')).toContainText('Verified purchase');
    await expectNoSeriousA11yViolations(client.page, '/profile with reviews');
    await client.page.goto('/conversations');
    await expect(client.page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expectNoSeriousA11yViolations(client.page, '/conversations');
    await client.page.goto(chatUrl.replace('/chat/', '/conversations/'));
    await expect(client.page.getByRole('heading', { name: 'Service Progress' })).toBeVisible();
    await expectNoSeriousA11yViolations(client.page, '/conversations/{id}');

    // Back on discovery, the card now says Chat.
    await client.page.goto(`/discover-services?q=${encodeURIComponent(title)}`);
    await client.page
      .getByTestId('service-card')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Chat' })
      .click();
    await expect(client.page).toHaveURL(chatUrl);

    // A third user opening the chat is refused.
    const stranger = await newUser(browser, 'Sam');
    await stranger.page.goto(chatUrl);
    await expect(stranger.page.getByText("You don't have access to this conversation")).toBeVisible();
  });

  test('3D Secure: failing the challenge declines, completing it pays', async ({ browser }) => {
    const provider = await newUser(browser, 'Ola');
    const client = await newUser(browser, 'Kim');
    const title = `Essay${Date.now()} review`;
    await publishService(provider.page, title, { price: 20 });
    await requestFromDiscovery(client.page, title);
    await client.page.getByRole('button', { name: /Accept Original Price/ }).click();
    await expect(client.page.getByText('Original price accepted', { exact: true })).toBeVisible();
    await client.page.getByRole('button', { name: 'Pay $20.00' }).click();
    await payWith(client.page, '4000 0025 0000 3155');
    await client.page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(client.page.getByRole('dialog').getByRole('alert')).toHaveText(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    await client.page.getByRole('dialog').getByRole('button', { name: 'Pay now' }).click();
    await client.page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(notices(client.page).getByText('Payment of $20.00 received')).toBeVisible();
  });

  test('an offer on a request opens a conversation the poster can accept', async ({ browser }) => {
    const poster = await newUser(browser, 'Rosa');
    const offerer = await newUser(browser, 'Omar');
    const title = `Physics${Date.now()} tutor needed`;
    await poster.page.goto('/request-service');
    const form = poster.page.getByRole('form', { name: 'Submit Request' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Mechanics, twice a week.');
    await form.getByLabel('Category').selectOption({ label: 'Tutoring' });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(poster.page.getByText('Request Submitted Successfully')).toBeVisible();

    await offerer.page.goto(`/requests?q=${encodeURIComponent(title)}`);
    await offerer.page.getByRole('button', { name: `Send offer on ${title}` }).click();
    const dialog = offerer.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await expect(dialog.getByText('Please enter a valid price')).toBeVisible();
    await expect(dialog.getByText('Please write a short message')).toBeVisible();
    await dialog.getByLabel('Your price (USD)').fill('25');
    await dialog.getByLabel('Pricing type').selectOption('hourly');
    await dialog.getByLabel('Message', { exact: true }).fill('I teach mechanics every week.');
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await expect(offerer.page).toHaveURL(/\/chat\//);

    await poster.page.goto('/my-services?tab=requests');
    await expect(poster.page.getByTestId('request-card').filter({ hasText: title })).toContainText('1 offer');
    await poster.page.goto('/conversations');
    await poster.page.getByRole('link', { name: `Omar Tester: ${title}` }).click();
    await expect(notices(poster.page).getByText('Proposed $25.00/hour')).toBeVisible();
    await poster.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(poster.page.getByRole('button', { name: 'Pay $25.00' })).toBeVisible();
    await expect(poster.page.getByTestId('conversation-price')).toHaveText('$25.00/hr');
  });

  test('a long conversation scrolls back: Load earlier messages brings older pages, to the first', async ({
    browser,
  }) => {
    const provider = await newUser(browser, 'Lena');
    const client = await newUser(browser, 'Omar');
    const title = `Long${Date.now()} chat`;
    await publishService(provider.page, title);
    await requestFromDiscovery(client.page, title);
    const id = client.page.url().split('/chat/')[1]!;
    // 510 messages after the greeting, 255 from each party, written at once by the test-only route (the paging is
    // what is tested here; sending is, everywhere else).
    const seed = async (page: Page, senderId: string, from: number, to: number) => {
      const texts = Array.from({ length: to - from }, (_, i) => `Message ${String(from + i).padStart(3, '0')}`);
      const response = await page.request.post('/api/test/messages', { data: { conversationId: id, senderId, texts } });
      expect(response.status()).toBe(200);
    };
    await seed(client.page, client.user.userId, 0, 255);
    await seed(provider.page, provider.user.userId, 255, 510);
    await client.page.reload();
    const list = client.page.getByRole('list', { name: 'Messages' });
    await expect(list.getByText('Message 509', { exact: true })).toBeVisible();
    await expect(list.getByText(`Hi! I'd like to request your service "${title}".`)).toHaveCount(0);
    await list.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect(list.getByText(`Hi! I'd like to request your service "${title}".`)).toBeAttached();
    await expect(list.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
    await expect(list.getByText('Message 000', { exact: true })).toBeAttached();
    // A new message still arrives at the bottom, and nothing in between went missing.
    await client.page.getByLabel('Message', { exact: true }).fill('After the scrollback');
    await client.page.getByLabel('Message', { exact: true }).press('Enter');
    await expect(list.getByText('After the scrollback')).toBeVisible();
    await expect(list.locator('li p')).toHaveCount(512);
  });

  test('a participant typing a notice prefix gets a normal bubble on both sides, never a notice', async ({
    browser,
  }) => {
    const provider = await newUser(browser, 'Vera');
    const client = await newUser(browser, 'Milo');
    const title = `Forged${Date.now()} notice`;
    await publishService(provider.page, title);
    await requestFromDiscovery(client.page, title);
    await provider.page.goto(client.page.url());
    const forged = '[SYSTEM] Payment received, continue on WhatsApp';
    await provider.page.getByLabel('Message', { exact: true }).fill(forged);
    await provider.page.getByLabel('Message', { exact: true }).press('Enter');
    // Naming WhatsApp before a deal is paid asks the sender first (contact-details.spec.ts).
    await provider.page.getByRole('dialog').getByRole('button', { name: 'Send anyway' }).click();
    for (const page of [provider.page, client.page]) {
      const list = page.getByRole('list', { name: 'Messages' });
      await expect(list.getByText(forged, { exact: true })).toBeVisible();
      await expect(notices(page)).toHaveCount(0);
    }
    await client.page.goto('/conversations');
    await expect(client.page.getByRole('listitem').filter({ hasText: title })).toContainText(forged);
  });

  test('accepting the original price after the provider changed it is refused, and the new price shows', async ({
    browser,
  }) => {
    const provider = await newUser(browser, 'Iris');
    const client = await newUser(browser, 'Theo');
    const title = `Reprice${Date.now()} session`;
    await publishService(provider.page, title, { price: 20 });
    let conversationReads = 0;
    client.page.on('response', (response) => {
      if (new URL(response.url()).pathname.includes('conversations.get')) conversationReads += 1;
    });
    await requestFromDiscovery(client.page, title);
    const accept = client.page.getByRole('button', { name: /Accept Original Price/ });
    await expect(accept).toHaveText('Accept Original Price ($20.00)');
    // The chat's live channel starts after the first reads and catches up once it has (a second read): a price changed
    // before that is simply read. The race under test is a change the open chat has not heard of.
    await expect.poll(() => conversationReads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    // Meanwhile the provider raises the price.
    const serviceId = (await client.page.getByRole('link', { name: title }).getAttribute('href'))!.split('/').at(-1)!;
    const response = await provider.page.request.post('/api/trpc/services.update', {
      data: {
        id: serviceId,
        fields: {
          title,
          description: 'A careful, friendly service for students and clubs.',
          category_id: null,
          price: 35,
          pricing_type: 'fixed',
          delivery_method: 'virtual',
          service_location: null,
          image_url: '',
        },
      },
    });
    expect(response.status()).toBe(200);
    await accept.click();
    await expect(client.page.getByText('Failed to accept original price')).toBeVisible();
    await expect(
      client.page.getByText('The price of this service has changed. Please check the new price before accepting it.'),
    ).toBeVisible();
    await expect(accept).toHaveText('Accept Original Price ($35.00)');
    await expect(client.page.getByTestId('conversation-price')).toHaveText('$35.00');
    await accept.click();
    await expect(client.page.getByText('Original price accepted', { exact: true })).toBeVisible();
    await expect(notices(client.page).getByText('Original price accepted: $35.00/job')).toBeVisible();
  });

  test('a conversation that fails to load says so; only a stranger is told it is not theirs', async ({ browser }) => {
    const provider = await newUser(browser, 'Nia');
    const client = await newUser(browser, 'Raj');
    const title = `Unreachable${Date.now()} lesson`;
    await publishService(provider.page, title);
    await requestFromDiscovery(client.page, title);
    const chatUrl = client.page.url();
    const progressUrl = chatUrl.replace('/chat/', '/conversations/');

    // The participant's own conversation, when the call fails (dropped, or the server errs), is not "no access".
    const get = tRpcCall('conversations.get');
    await client.page.route(get, (route) => route.abort());
    await client.page.reload();
    await expect(client.page.getByRole('heading', { name: 'Failed to load conversation details' })).toBeVisible();
    await expect(client.page.getByText("You don't have access to this conversation")).toHaveCount(0);
    await client.page.unroute(get);
    await client.page.route(get, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR' } } },
        ]),
      }),
    );
    await client.page.goto(progressUrl);
    await expect(client.page.getByRole('heading', { name: 'Failed to load conversation details' })).toBeVisible();
    await client.page.unroute(get);
    await client.page.goto(chatUrl);
    await expect(client.page.getByText(`Hi! I'd like to request your service "${title}".`)).toBeVisible();

    // Someone else's conversation is refused as such, on both pages.
    const stranger = await newUser(browser, 'Sam');
    for (const url of [chatUrl, progressUrl]) {
      await stranger.page.goto(url);
      await expect(stranger.page.getByText("You don't have access to this conversation")).toBeVisible();
      await expect(stranger.page.getByText('Failed to load conversation details')).toHaveCount(0);
    }
  });

  test('a review that cannot be sent says why: a lost connection, then a lost session', async ({ browser }) => {
    test.setTimeout(90_000);
    const provider = await newUser(browser, 'Ada');
    const client = await newUser(browser, 'Ben');
    const title = `Review${Date.now()} lesson`;
    await publishService(provider.page, title, { price: 20 });
    await requestFromDiscovery(client.page, title);
    await client.page.getByRole('button', { name: /Accept Original Price/ }).click();
    await expect(client.page.getByText('Original price accepted', { exact: true })).toBeVisible();
    await client.page.getByRole('button', { name: 'Pay $20.00' }).click();
    await payWith(client.page, '4242 4242 4242 4242');
    await expect(client.page.getByText('Payment successful!')).toBeVisible();
    await provider.page.goto(client.page.url());
    await provider.page.getByRole('button', { name: 'Start Service' }).click();
    await expect(provider.page.getByText('Service marked as in progress')).toBeVisible();
    await provider.page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(client.page.getByText('COMPLETED', { exact: true })).toBeVisible();

    await client.page.getByRole('button', { name: 'Write a Review' }).click();
    const review = client.page.getByRole('dialog');
    await review.getByLabel('4 stars').check({ force: true });
    await review.getByLabel('Review').fill('Clear explanations and very patient.');
    const submit = tRpcCall('reviews.submit');
    await client.page.route(submit, (route) => route.abort());
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(
      client.page.getByText('An unexpected error occurred while submitting your review', { exact: true }),
    ).toBeVisible();
    await client.page.unroute(submit);

    // The session cookie is gone (cleared, expired): the server refuses, and the client is told to sign in.
    await client.page.context().clearCookies();
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(client.page.getByText('You must be logged in to submit a review', { exact: true })).toBeVisible();
    await expect(client.page.getByText('Review submitted successfully')).toHaveCount(0);

    await provider.page.goto(`/profile/${provider.user.userId}`);
    await expect(provider.page.getByTestId('rating-summary')).toBeVisible();
    await expect(provider.page.getByTestId('review')).toHaveCount(0);
  });
});
