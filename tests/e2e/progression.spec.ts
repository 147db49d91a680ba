import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';
import { CELEBRATION_DURATIONS_MS } from '../../src/domain/progression/texts';

const tag = () => Math.random().toString(36).slice(2, 8);

/** Matches the HTTP call that carries one tRPC procedure (alone or in a batch), to fail it as a network would. */
function tRpcCall(procedure: string) {
  return (url: URL) => url.pathname.startsWith('/api/trpc/') && url.pathname.slice(10).split(',').includes(procedure);
}

/**
 * Resolves once the server has started this page's progression subscription (tRPC's "started" answer on the
 * socket): celebrations come from live events only, so an award published before that is, by design, not shown.
 */
function progressionLive(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const ids = new Set<unknown>();
    const messages = (payload: string | Buffer) => {
      try {
        return [JSON.parse(String(payload))].flat() as {
          id?: unknown;
          params?: { path?: string };
          result?: { type?: string };
        }[];
      } catch {
        return [];
      }
    };
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        for (const m of messages(frame.payload)) if (m.params?.path === 'progression.events') ids.add(m.id);
      });
      ws.on('framereceived', (frame) => {
        for (const m of messages(frame.payload)) if (ids.has(m.id) && m.result?.type === 'started') resolve();
      });
    });
  });
}

/** Offers a service (as helpers.offerService does) once the page listens for its awards. */
async function offerServiceLive(page: Page, title: string) {
  const live = progressionLive(page);
  await page.goto('/offer-skills');
  await live;
  const form = page.getByRole('form', { name: 'Offer a Service' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A careful, friendly service for students and clubs.');
  await form.getByLabel('Category').selectOption({ label: 'Design' });
  await form.getByLabel('Price (USD)').fill('30');
  await form.getByLabel('Delivery method').selectOption('virtual');
  await form.getByRole('button', { name: 'Offer Service' }).click();
  await expect(page).toHaveURL(/\/my-services\?tab=services$/);
}

/** Calls a procedure as the request context's user (signed in by its cookie) and returns its answer. */
async function call<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** Closes every celebration before the one that contains `text` (they queue one at a time), leaving that one up. */
async function closeCelebrationsUntil(page: Page, text: string, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const shown = celebration(page);
    if ((await shown.count()) > 0) {
      const content = (await shown.textContent().catch(() => null)) ?? '';
      if (content.includes(text)) return;
      await page.keyboard.press('Escape');
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`No celebration with "${text}" within ${timeout} ms`);
}

const celebration = (page: Page) => page.getByTestId('celebration');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toaster]').getByText(text, { exact: true });
const questCard = (page: Page, slug: string) => page.locator(`[data-testid="quest-card"][data-quest="${slug}"]`);

test.describe('progression', () => {
  test('daily login toast once a day; a first service completes its quest live, in each tab, never again after a reload', async ({
    context,
  }) => {
    const page = await context.newPage();
    await signInAsNewUser(page);
    await page.goto('/');
    await expect(toast(page, 'Daily login! +25 XP earned!')).toBeVisible();

    // The same day again: the server answers that today already counted, and no toast shows.
    const checkedIn = page.waitForResponse((r) => tRpcCall('progression.checkIn')(new URL(r.url())));
    await page.reload();
    expect((await checkedIn).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(toast(page, 'Daily login! +25 XP earned!')).toHaveCount(0);

    // A second tab on /progress sees the quest complete without a reload.
    const second = await context.newPage();
    const secondLive = progressionLive(second);
    await second.goto('/progress');
    await secondLive;
    await expect(questCard(second, 'first_service')).toContainText('In Progress');
    await expect(questCard(second, 'first_service')).toContainText('0/1');

    await offerServiceLive(page, `Guitar lessons ${tag()}`);
    // Both tabs at once, each in one look: the quest's overlay closes after 2.5 s and the badge's follows it.
    await Promise.all(
      [page, second].map((tab) =>
        expect(celebration(tab)).toHaveText(/Quest Completed![\s\S]*Offer Your First Service[\s\S]*\+100 XP/),
      ),
    );
    await expect(toast(page, 'Quest "Offer Your First Service" completed! +100 XP')).toBeVisible();
    await expect(questCard(second, 'first_service')).toContainText('Completed');
    await expect(questCard(second, 'first_service')).toContainText('1/1');
    await expect(second.getByTestId('quests-completed')).toHaveText(/^1\/\d+ completed$/);
    await expect(second.getByTestId('level-xp')).toHaveText('125 / 500 XP');

    // Queued: the badge follows the quest. Pointed at, it stays past its 3 s; a tap closes it.
    await Promise.all(
      [page, second].map(async (tab) => {
        await expect(celebration(tab)).toContainText('Badge Earned!', { timeout: 10_000 });
        await celebration(tab).hover();
      }),
    );
    await expect(celebration(page)).toContainText('First Steps');
    await page.waitForTimeout(CELEBRATION_DURATIONS_MS.badge + 500);
    await expect(celebration(page)).toContainText('First Steps');
    await celebration(page).click();
    await expect(celebration(page)).toHaveCount(0);

    // Escape closes it too, without a mouse.
    await second.keyboard.press('Escape');
    await expect(celebration(second)).toHaveCount(0);

    // A reload shows the progress as it is, and celebrates nothing again.
    await page.goto('/progress');
    await expect(page.getByRole('heading', { name: 'Player Progress' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'XP toward Level 1' })).toHaveAttribute('aria-valuenow', '25');
    await expect(page.getByTestId('level-xp')).toHaveText('125 / 500 XP');
    await expect(page.getByText('Newcomer')).toBeVisible();
    await expect(page.getByTestId('streak-text')).toHaveText('1 day in a row!');
    await expect(questCard(page, 'first_service')).toContainText('Completed');
    await expect(questCard(page, 'first_service')).toContainText('+100 XP');
    await expect(
      page.getByText('Each message you send earns 2 XP, up to 50 XP a day.', { exact: false }),
    ).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(celebration(page)).toHaveCount(0);
  });

  test('LEVEL UP! arrives live, and an open /progress takes the new level, its quests and each message count without a reload', async ({
    context,
  }) => {
    // Ten messages, a profile picture and the celebrations they queue, one at a time.
    test.setTimeout(90_000);
    const page = await context.newPage();
    await signInAsNewUser(page, { firstName: 'Lev', lastName: 'Climber' });
    // Before any page listens (so nothing celebrates yet): a bio (Tell Your Story, +50), three portfolio items (Show
    // Your Work, +150) and three rooms joined by creating them (Join the Conversation, +75): 275 XP.
    await call(page.request, 'profiles.update', {
      firstName: 'Lev',
      lastName: 'Climber',
      bio: 'I tutor maths and play the cello.',
      school: '',
      dateOfBirth: '2000-01-01',
    });
    for (const title of ['Cello recital', 'Maths notes', 'Science poster']) {
      await call(page.request, 'portfolio.create', { title, description: '', projectUrl: '', imageUrl: '' });
    }
    const roomName = `Climb${tag()}`;
    const room = await call<{ id: string }>(page.request, 'rooms.create', { name: roomName, isPrivate: false });
    for (const name of [`Second${tag()}`, `Third${tag()}`]) {
      await call(page.request, 'rooms.create', { name, isPrivate: false });
    }

    // The first load's daily login brings 300 XP.
    const live = progressionLive(page);
    await page.goto('/progress');
    await live;
    await expect(toast(page, 'Daily login! +25 XP earned!')).toBeVisible();
    await expect(page.getByTestId('level-xp')).toHaveText('300 / 500 XP');
    await expect(page.getByTestId('level-number')).toHaveText('0');
    await expect(questCard(page, 'social_butterfly')).toContainText('0/10');
    await expect(questCard(page, 'message_master')).toHaveCount(0);
    // Marks this document: a reload would lose it. And no read of the progress again: the events carry it all.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const progressReads: string[] = [];
    page.on('request', (r) => {
      if (tRpcCall('progression.get')(new URL(r.url()))) progressReads.push(r.url());
    });

    // The same user's second page sends the messages; each count moves on the open /progress.
    const chatPage = await context.newPage();
    await chatPage.goto(`/chat-rooms/${room.id}`);
    const composer = chatPage.getByRole('region', { name: 'Chat' }).getByPlaceholder(`Message #${roomName}`);
    for (let n = 1; n <= 10; n++) {
      await composer.fill(`Message number ${n}`);
      await composer.press('Enter');
      await expect(chatPage.getByRole('region', { name: 'Chat' })).toContainText(`Message number ${n}`);
      // Say Hello (+25) with the first, Social Butterfly (+50) with the tenth; 2 XP each.
      if (n < 10) await expect(questCard(page, 'social_butterfly')).toContainText(`${n}/10`);
    }
    await expect(questCard(page, 'social_butterfly')).toContainText('10/10');
    await expect(questCard(page, 'social_butterfly')).toContainText('Completed');
    await expect(page.getByTestId('level-xp')).toHaveText('395 / 500 XP');
    await expect(page.getByTestId('level-number')).toHaveText('0');

    // A profile picture: Show Your Face (+50) and Complete Your Profile (+100) cross 500 XP.
    const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api/uploads/avatar', {
      multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: avatar } },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);

    await closeCelebrationsUntil(page, 'LEVEL UP!');
    await expect(celebration(page)).toContainText('Level 1');
    await expect(celebration(page)).toContainText('Explorer');
    await expect(page.getByTestId('level-number')).toHaveText('1');
    await expect(page.getByTestId('level-xp')).toHaveText('545 / 1000 XP');
    // The quests level 1 offers, with their counts as they are now, after those of level 0.
    await expect(questCard(page, 'message_master')).toContainText('Level 1+ Required');
    await expect(questCard(page, 'message_master')).toContainText('10/50');
    await expect(questCard(page, 'service_provider')).toContainText('0/5');
    const slugs = await page
      .getByTestId('quest-card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-quest')));
    expect(slugs.slice(-2)).toEqual(['message_master', 'service_provider']);
    await expect(page.getByTestId('quests-completed')).toHaveText(`7/${slugs.length} completed`);
    // The other page of the same user celebrates it too.
    await closeCelebrationsUntil(chatPage, 'LEVEL UP!');

    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(progressReads).toEqual([]);
  });

  test('My Profile shows progress and badges; the dialog has All and the eight categories with the earned count', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    await offerServiceLive(page, `Essay feedback ${tag()}`);
    await expect(celebration(page)).toContainText('Badge Earned!', { timeout: 10_000 });
    await page.goto('/my-profile');
    const stats = page.getByTestId('progress-stats');
    await expect(stats).toContainText('Level 0');
    await expect(stats).toContainText('125 / 500 XP');
    await expect(stats).toContainText('1 day in a row!');
    const collection = page.getByTestId('badge-collection');
    await expect(collection.getByRole('list', { name: 'Earned badges' })).toContainText('First Steps');
    await expect(collection).toContainText('Common');

    await collection.getByRole('button', { name: 'View All Badges' }).click();
    const dialog = page.getByRole('dialog', { name: 'All Badges' });
    await expect(dialog).toContainText('1/37 earned');
    const tabs = dialog.getByRole('tablist', { name: 'Badge categories' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'All',
      'Activity',
      'Communication',
      'Streak',
      'Service',
      'Quality',
      'Community',
      'Profile',
      'Progression',
    ]);
    await expect(dialog.getByTestId('badge-tile')).toHaveCount(37);
    await expect(dialog.locator('[data-testid="badge-tile"][data-earned="true"]')).toHaveCount(1);
    await dialog.getByRole('tab', { name: 'Service' }).click();
    const serviceTiles = dialog.getByTestId('badge-tile');
    await expect(serviceTiles).toHaveCount(10);
    // Locked badges say what earns them.
    await expect(serviceTiles.filter({ hasText: 'Create 5 services' })).toContainText('Locked');
    await dialog.getByRole('tab', { name: 'Activity' }).click();
    await expect(dialog.locator('[data-earned="true"]')).toContainText('First Steps');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a visitor is asked to sign in; a failed load says so and Try Again recovers', async ({ page }) => {
    await page.goto('/progress');
    await expect(page.getByText('Please sign in to view your progress.')).toBeVisible();

    await signInAsNewUser(page);
    // Every read fails until Try Again is pressed, including the one the live channel makes when it starts (it
    // would otherwise recover the page by itself before the button is pressed).
    let failing = true;
    await page.route(tRpcCall('progression.get'), (route) => (failing ? route.abort() : route.fallback()));
    await page.goto('/progress');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
    await expect(toast(page, 'Failed to load progress data')).toBeVisible();
    const tryAgain = page.getByRole('button', { name: 'Try Again' });
    await expect(tryAgain).toBeEnabled();
    failing = false;
    await tryAgain.click();
    await expect(page.getByRole('heading', { name: 'Player Progress' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quests' })).toBeVisible();
  });

  test('/progress, My Profile, the dialog and a celebration fit a 390 px phone in dark mode and pass axe', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    const fitsWidth = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signInAsNewUser(page);
    await offerServiceLive(page, `Math tutoring ${tag()}`);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(celebration(page)).toContainText('Quest Completed!');
    // Pointed at, it stays for the scan below (longer than its 2.5 s under load), not half faded into the badge's.
    await celebration(page).hover();
    const box = await celebration(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await fitsWidth();
    await expectNoSeriousA11yViolations(page, 'celebration, dark, 390 px');

    await page.goto('/progress');
    await expect(questCard(page, 'first_service')).toContainText('Completed');
    await fitsWidth();
    await expectNoSeriousA11yViolations(page, '/progress, dark, 390 px');

    await page.goto('/my-profile');
    await expect(page.getByTestId('progress-stats')).toContainText('Level 0');
    await fitsWidth();
    await expectNoSeriousA11yViolations(page, '/my-profile, dark, 390 px');
    await page.getByRole('button', { name: 'View All Badges' }).click();
    await expect(page.getByRole('dialog', { name: 'All Badges' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'badges dialog, dark, 390 px');
    await context.close();
  });
});
