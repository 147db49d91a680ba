import { expect, test, type Browser, type Page } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { addressOf, scriptHolding, signInAsNewUser } from './helpers';

/** Console errors and React warnings a page logs while it loads and settles. */
function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** A service published through the API by a new provider; newest first, so it leads the listings. */
async function publishService(browser: Browser, title: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsNewUser(page, { firstName: 'Robin' });
  const response = await page.request.post('/api/trpc/services.create', {
    data: {
      title,
      description: 'Posters and flyers for school clubs, printed or digital.',
      category_id: SERVICE_CATEGORIES[1]!.id,
      price: 27,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    },
  });
  expect(response.ok()).toBe(true);
  const { id } = ((await response.json()) as { result: { data: { id: string } } }).result.data;
  await context.close();
  return id;
}

/**
 * Records, from before the page's first byte, every loading state put on screen, and keeps the server-rendered
 * first card (or heading) to compare with the one on screen after hydration.
 */
function watchForLoadingStates(page: Page) {
  return page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __loadingSeen: string[] }).__loadingSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          // Skeleton cards, "Loading service..." and the session's spinner: every loading state of these pages.
          const loading = '[aria-busy="true"], [data-testid="service-skeleton"], [role="status"]';
          for (const element of [node, ...node.querySelectorAll(loading)]) {
            if (element.matches(loading)) seen.push(element.outerHTML.slice(0, 120));
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { __firstCard: Element | null }).__firstCard =
        document.querySelector('[data-testid="service-card"], [data-testid="landing-provider"]') ??
        document.querySelector('main h1');
    });
  });
}

test.describe('first paint', () => {
  test('the page, its scripts and the API answer brotli-compressed, hashed assets cached for a year', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers()['content-encoding']).toBe('br');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const script = /(?:src=|import\()"(\/assets\/index-[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await request.get('/api/trpc/categories.list', { headers: { 'accept-encoding': 'br' } });
    expect(api.headers()['content-encoding']).toBe('br');
  });

  test('a visitor sees the landing page and its footer without console errors', async ({ page }) => {
    const problems = collectConsoleProblems(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Skills by students, for everyone.' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(page.getByLabel('Subscribe to our newsletter')).toBeVisible();
    await page.goto('/discover-services');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the first paint needs only the HTML: its styles and the saved dark theme apply before any other file', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Nothing but the page itself arrives: no stylesheet, script, image or API answer.
    const others: string[] = [];
    await page.route(
      (url) => url.pathname !== '/',
      (route) => {
        others.push(route.request().url());
        return route.abort();
      },
    );
    const problems = collectConsoleProblems(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Skills by students, for everyone.' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The inlined stylesheet's dark background, not the browser's white.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toMatch(/^rgba?\(255, 255, 255/);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    // The policy allowed the inline theme script (a refusal is logged as an error); aborted files are not problems.
    expect(problems.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    expect(others.length).toBeGreaterThan(0);
  });

  test('chat and Messages pages have no marketing footer; other pages keep it', async ({ page }) => {
    await signInAsNewUser(page);
    for (const path of ['/conversations', '/chat-rooms']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByLabel('Subscribe to our newsletter')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Footer' })).toHaveCount(0);
    }
    await page.goto('/my-profile');
    await expect(page.getByLabel('Subscribe to our newsletter')).toBeVisible();
  });

  test('without JavaScript, the public pages show their heading, services, title and Open Graph tags', async ({
    browser,
  }) => {
    const title = `Club posters ${Date.now().toString(36)}`;
    const id = await publishService(browser, title);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Skills by students, for everyone.' })).toBeVisible();
    await expect(page.getByTestId('landing-provider').first()).toBeVisible();
    await expect(page).toHaveTitle('SkillNest: the student skills marketplace');
    // No session cookie: the bar is a visitor's from the first paint, not a gap that Log In and Sign Up pop into.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await page.goto('/discover-services');
    await expect(page.getByRole('heading', { name: 'Discover Services', level: 1 })).toBeVisible();
    const card = page.getByTestId('service-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('$27.00');
    await expect(page).toHaveTitle('Discover Services · SkillNest');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Discover Services · SkillNest');

    const response = await page.goto(`/services/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('service-actions')).toContainText('$27.00');
    await expect(page).toHaveTitle(`${title} · SkillNest`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} · SkillNest`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Posters and flyers/);

    // Each page says what it is for, in its own words.
    for (const [path, description] of [
      ['/discover-services', 'Find students offering the help you need.'],
      ['/requests', 'What students and clubs are asking for: send an offer on one you can do.'],
      ['/how-to-start', 'Turn what you are good at into paid work in four steps.'],
      ['/privacy-policy', 'What we collect, why, and the choices you have.'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(description)).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
    }
    await context.close();
  });

  test('an unknown service or address answers 404 with the not-found page; a signed-in page stays the plain shell', async ({
    request,
  }) => {
    const missing = await request.get('/services/00000000-0000-4000-8000-000000000000');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Service not found');
    for (const path of ['/no-such-page', '/sitemap.xml', '/services']) {
      const nowhere = await request.get(path);
      expect(nowhere.status(), path).toBe(path === '/services' ? 200 : 404);
      if (path !== '/services') expect(await nowhere.text()).toContain('Page Not Found');
    }
    const settings = await request.get('/settings');
    expect(settings.status()).toBe(200);
    expect(await settings.text()).toContain('<div id="root"></div>');
  });

  test('a rendered page names its own scripts at low priority, so the app adds almost none as it comes alive', async ({
    page,
    browser,
  }) => {
    const id = await publishService(browser, `Stickers ${Date.now().toString(36)}`);
    // Every script tag the app's loader adds before the page is live.
    await page.addInitScript(() => {
      const added: string[] = [];
      (window as unknown as { __addedBeforeAlive: string[] }).__addedBeforeAlive = added;
      const observer = new MutationObserver((records) => {
        if (document.documentElement.dataset.hydrated) return observer.disconnect();
        for (const record of records)
          for (const node of record.addedNodes)
            // The parser's own tags arrive while the document is loading; the app's, after.
            if (node instanceof HTMLLinkElement && node.rel === 'modulepreload' && document.readyState !== 'loading')
              added.push(node.href);
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    for (const [path, module] of [
      ['/discover-services', 'features/services/discover-services-page.tsx'],
      [`/services/${id}`, 'features/services/service-detail-page.tsx'],
      ['/', 'features/site/landing-providers.tsx'],
      ['/how-to-start', 'features/site/static-pages.tsx'],
    ] as const) {
      // Where the build put the page's own module: a chunk of its own, or one it shares with pages alike.
      const own = scriptHolding(module);
      expect(own).toMatch(/^\/assets\/[\w-]+\.js$/);
      const served = await (await page.request.get(path)).text();
      const scripts = [...served.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)].map(
        ([tag]) => tag,
      );
      expect(
        scripts.filter((tag) => tag.includes(`href="${own}"`) || tag.includes(`src="${own}"`)),
        `${path} names its own code`,
      ).toHaveLength(1);
      expect(
        scripts.filter((tag) => !tag.includes('fetchpriority="low"')),
        `${path}: all at low priority`,
      ).toEqual([]);
      await page.goto(path);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      // At most the toaster's library, which every page loads as it comes alive; a page whose own code was not
      // named would add a dozen or more.
      const added = await page.evaluate(
        () => (window as unknown as { __addedBeforeAlive: string[] }).__addedBeforeAlive,
      );
      expect(added.length, `${path} added ${added.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });

  test('the rendered pages come alive in place: no loading state, same nodes, no console problem', async ({
    page,
    browser,
  }) => {
    const title = `Flyers ${Date.now().toString(36)}`;
    const id = await publishService(browser, title);
    const problems = collectConsoleProblems(page);
    await watchForLoadingStates(page);
    // The listing searched for this test's service: other tests running beside it publish and remove services, and
    // a removed first card would read as one the page replaced.
    const listing = `/discover-services?q=${encodeURIComponent(title)}`;
    // A visitor's page knows from the server that nobody is signed in: it never asks.
    const askedWho: string[] = [];
    page.on('request', (r) => void (r.url().includes('accounts.me') && askedWho.push(r.url())));
    for (const path of [listing, `/services/${id}`, '/', '/requests', '/how-to-start']) {
      await page.goto(path);
      // The theme button gets its name from React once the page has hydrated.
      await expect(page.getByRole('button', { name: 'Switch to Dark Mode' })).toHaveAttribute('aria-label');
      await page.waitForLoadState('networkidle');
      const sameNode = await page.evaluate(() => {
        const first = (window as unknown as { __firstCard: Element | null }).__firstCard;
        return first !== null && first.isConnected;
      });
      expect(sameNode, `${path}: the server's first card or heading is still the one on screen`).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __loadingSeen: string[] }).__loadingSeen), path).toEqual(
        [],
      );
    }
    expect(problems).toEqual([]);
    expect(askedWho).toEqual([]);
  });

  test('a visitor who scrolled down before the page came alive stays where they are', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Every script late, as on a school network: the visitor reads down the landing page the server drew.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 1_200));
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 20_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(1_200);
    // A move to another page still starts at its top.
    await page.getByRole('link', { name: 'How to Start' }).first().click();
    await expect(page).toHaveURL(/\/how-to-start$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a search typed before the page has come alive is kept and applied, by Enter too', async ({ page, browser }) => {
    const title = `Stencils ${Date.now().toString(36)}`;
    await publishService(browser, title);
    // The listing's code arrives late, as on a school network: the visitor types into the server's page meanwhile.
    await page.route(addressOf(scriptHolding('features/services/discover-services-page.tsx')), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    // Not the load event: the page names the listing's script in its head, so `load` waits for it too.
    await page.goto('/discover-services', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    const search = page.getByLabel('Search');
    await search.fill(title.toLowerCase());
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(search).toHaveValue(title.toLowerCase());
    await expect(page).toHaveURL(
      new RegExp(`[?&]q=${encodeURIComponent(title.toLowerCase()).replace('%20', '(\\+|%20)')}`),
    );
    await expect(page.getByTestId('service-card')).toHaveCount(1);

    // Enter before the app has taken over submits the search form itself: the address carries the search.
    await page.goto('/discover-services', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await page.getByLabel('Search').fill(title.toLowerCase());
    await page.getByLabel('Search').press('Enter');
    await expect(page.getByTestId('service-card').filter({ hasText: title })).toHaveCount(1);
    await expect(page.getByTestId('service-card')).toHaveCount(1);
  });
});
