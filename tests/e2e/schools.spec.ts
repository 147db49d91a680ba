import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SCHOOL_TEXTS, verifiedStudentLabel } from '../../src/domain/schools';
import { expectNoSeriousA11yViolations, offerService, signInAsNewUser } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

/** Quoted-printable undone: soft line breaks joined, =XX bytes decoded (the .eml's text and HTML parts). */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The confirmation link of the latest message to `address`, read from the .eml files the e2e server writes under
 * its DATA_DIR/mail (no SMTP_URL). The sender runs every second: wait for it.
 */
async function linkSentTo(address: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(folder).filter((f) => f.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        for (const file of files.sort().reverse()) {
          const raw = readFileSync(path.join(folder, file), 'utf8');
          if (!new RegExp(`^To: ${address.replace(/[.]/g, '\\.')}$`, 'mi').test(raw)) continue;
          link = /\/verify-school\?token=[A-Za-z0-9_%-]+/.exec(decodeQuotedPrintable(raw))?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

test('an admin lists a school; a member confirms their school address and shows Verified student', async ({
  page,
  browser,
}) => {
  const school = `Hillside High ${tag()}`;
  const domain = `hillside-${tag()}.edu`;

  // The admin lists the school with its domain.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await adminContext.newPage();
  await admin.goto('/');
  await signInAsNewUser(admin, { admin: true, firstName: 'Ada' });
  await admin.goto('/admin-dashboard');
  await admin.getByRole('link', { name: 'Schools' }).click();
  await expect(admin.getByRole('heading', { name: SCHOOL_TEXTS.adminTitle, level: 1 })).toBeVisible();
  const form = admin.getByRole('form', { name: SCHOOL_TEXTS.add });
  await form.getByLabel(SCHOOL_TEXTS.schoolNameLabel).fill(school);
  await form.getByLabel(SCHOOL_TEXTS.domainsLabel).fill(`  ${domain.toUpperCase()} `);
  await form.getByRole('button', { name: SCHOOL_TEXTS.add }).click();
  await expect(admin.getByText(SCHOOL_TEXTS.added).first()).toBeVisible();
  const row = admin.getByTestId('school-row').filter({ hasText: school });
  await expect(row).toContainText(domain);
  await expect(row).toContainText('0 verified members');
  await expectNoSeriousA11yViolations(admin, '/admin/schools');

  // A member gives an address elsewhere first: refused with the message; then their school address.
  await signInAsNewUser(page, { firstName: 'Sky', lastName: 'Student' });
  await page.goto('/settings');
  const section = page.getByTestId('school-section');
  await expect(page.getByRole('heading', { name: SCHOOL_TEXTS.sectionTitle })).toBeVisible();
  await section.getByLabel(SCHOOL_TEXTS.addressLabel).fill(`sky@not-${domain}`);
  await section.getByRole('button', { name: SCHOOL_TEXTS.send }).click();
  await expect(page.getByText(SCHOOL_TEXTS.notListed).first()).toBeVisible();

  const address = `sky.${tag()}@${domain}`;
  await section.getByLabel(SCHOOL_TEXTS.addressLabel).fill(address);
  await section.getByRole('button', { name: SCHOOL_TEXTS.send }).click();
  await expect(page.getByText(SCHOOL_TEXTS.sent).first()).toBeVisible();
  await expect(section).toContainText(SCHOOL_TEXTS.pending(address));
  await expectNoSeriousA11yViolations(page, '/settings with a school address');

  // The emailed link, opened signed out (another browser), confirms it and says so.
  const link = await linkSentTo(address);
  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const mailApp = await visitor.newPage();
  await mailApp.goto(link);
  // Opening it confirms nothing (mail scanners open links): the member's click does.
  await expect(mailApp.getByText(SCHOOL_TEXTS.verifiedPage(school))).toHaveCount(0);
  await mailApp.getByRole('button', { name: SCHOOL_TEXTS.confirm }).click();
  await expect(mailApp.getByText(SCHOOL_TEXTS.verifiedPage(school))).toBeVisible();
  // Using it again is refused: a link works once.
  await mailApp.reload();
  await mailApp.getByRole('button', { name: SCHOOL_TEXTS.confirm }).click();
  await expect(mailApp.getByText(SCHOOL_TEXTS.linkInvalid)).toBeVisible();
  await visitor.close();

  // The member's profile shows the mark; the address is nowhere on it.
  await page.goto('/my-profile');
  await expect(page.getByTestId('verified-student')).toHaveText(verifiedStudentLabel(school));
  const { userId } = await page.evaluate(async () => {
    const response = await fetch('/api/trpc/accounts.me');
    const body = (await response.json()) as { result: { data: { id: string } } };
    return { userId: body.result.data.id };
  });
  const title = `Poster design ${tag()}`;
  await offerService(page, title);

  // Anyone sees it on the public profile, on the service card and on the service page.
  await admin.goto(`/profile/${userId}`);
  await expect(admin.getByTestId('verified-student').first()).toHaveText(verifiedStudentLabel(school));
  await expect(admin.locator('body')).not.toContainText(address);
  const card = admin.getByTestId('service-card').filter({ hasText: title });
  await expect(card.getByTestId('verified-student')).toHaveText(verifiedStudentLabel(school));
  await card.getByRole('link', { name: title }).click();
  await expect(admin.getByTestId('provider-summary').getByTestId('verified-student')).toHaveText(
    verifiedStudentLabel(school),
  );

  // Settings keeps the address for its owner only, and the member can take it away.
  await page.goto('/settings');
  await expect(section).toContainText(address);
  await section.getByRole('button', { name: SCHOOL_TEXTS.remove }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(SCHOOL_TEXTS.removed).first()).toBeVisible();
  await admin.goto(`/profile/${userId}`);
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(admin.getByTestId('verified-student')).toHaveCount(0);
  await adminContext.close();
});

test('a member is sent away from /admin/schools', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/admin/schools');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole('heading', { name: SCHOOL_TEXTS.adminTitle })).toBeHidden();
});

test('a link without its token says so', async ({ page }) => {
  await page.goto('/verify-school');
  await expect(page.getByText(SCHOOL_TEXTS.linkMissing)).toBeVisible();
  await page.goto('/verify-school?token=not-a-real-token');
  await page.getByRole('button', { name: SCHOOL_TEXTS.confirm }).click();
  await expect(page.getByText(SCHOOL_TEXTS.linkInvalid)).toBeVisible();
});
