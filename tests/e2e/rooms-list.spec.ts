import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const tag = () => randomUUID().slice(0, 6);

/** A signed-in user in a browser context of their own, with a name nobody else has. */
async function newUser(browser: Browser, firstName: string) {
  const page = await (await browser.newContext()).newPage();
  const unique = `${firstName}${tag()}`;
  const user = await signInAsNewUser(page, { firstName: unique, lastName: 'Roomer' });
  return { page, user, name: `${unique} Roomer`, firstName: unique };
}

async function createRoom(page: Page, name: string, { description = '', isPrivate = false } = {}) {
  await page.goto('/chat-rooms');
  const form = page.getByRole('form', { name: 'Create a chat room' });
  const submit = form.getByRole('button', { name: 'Create Room' });
  // Submit waits for a name; blanks are not a name.
  await expect(submit).toBeDisabled();
  await form.getByLabel('Room name').fill('   ');
  await expect(submit).toBeDisabled();
  await form.getByLabel('Room name').fill(name);
  if (description) await form.getByLabel('Description (optional)').fill(description);
  if (isPrivate) {
    await form.getByLabel('Private room').click();
    await expect(form.getByText('Only invited members can join and see messages.')).toBeVisible();
  } else {
    await expect(form.getByText('Anyone can join and participate in this room.')).toBeVisible();
  }
  await submit.click();
  await expect(page.getByText('Chat room created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/chat-rooms\/[0-9a-f-]{36}$/);
  await expect(roomTitle(page, name)).toBeVisible();
  return page.url();
}

/**
 * A room page reads the room and its messages, then once more when its live subscription starts (what changed
 * before it listened). Those second reads are answered by the server at once but handed to the page only on
 * `release()`: whatever happens in between is newer than their answers.
 */
async function holdCatchUpReads(page: Page) {
  const watched = ['rooms.get', 'roomMessages.list'];
  const counts = new Map<string, number>();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = 0;
  let heard = () => {};
  const held = new Promise<void>((resolve) => (heard = resolve));
  await page.route(
    (url) =>
      url.pathname.startsWith('/api/trpc/') &&
      url.pathname
        .slice(10)
        .split(',')
        .some((p) => watched.includes(p)),
    async (route) => {
      const procedures = new URL(route.request().url()).pathname.slice(10).split(',');
      const second = procedures.filter((p) => {
        if (!watched.includes(p)) return false;
        counts.set(p, (counts.get(p) ?? 0) + 1);
        return counts.get(p) === 2;
      });
      if (second.length === 0) return route.continue();
      const before = await route.fetch();
      holding += second.length;
      if (holding === watched.length) heard();
      await released;
      await route.fulfill({ response: before });
    },
  );
  return { held, release, of: (procedure: string) => counts.get(procedure) ?? 0 };
}

const roomTitle = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const memberRow = (page: Page, name: string) => page.getByTestId('room-member').filter({ hasText: name });

async function memberMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  return page.getByRole('menu');
}

test.describe('chat rooms list, members and settings', () => {
  test('a created public room opens at once, is listed newest first, and others join and leave it', async ({
    browser,
  }) => {
    const owner = await newUser(browser, 'Ola');
    const first = `Older room ${tag()}`;
    const name = `Robotics club ${tag()}`;
    await createRoom(owner.page, first);
    const url = await createRoom(owner.page, name, { description: 'We build small robots.' });
    const header = owner.page.getByTestId('room-header');
    await expect(header.getByText('We build small robots.')).toBeVisible();
    await expect(header.getByText(/^Created /)).toBeVisible();
    await expect(header.getByText('Private')).toHaveCount(0);

    // Back to the list: the new room comes before the older one, with its member count.
    await owner.page.getByRole('link', { name: 'Back to Chat Rooms' }).click();
    await expect(owner.page).toHaveURL(/\/chat-rooms$/);
    const cards = owner.page.getByTestId('room-card');
    const card = cards.filter({ hasText: name });
    await expect(card).toContainText('We build small robots.');
    await expect(card).toContainText('1 member');
    const names = await cards.allInnerTexts();
    const at = (room: string) => names.findIndex((text) => text.includes(room));
    expect(at(name)).toBeGreaterThanOrEqual(0);
    expect(at(name)).toBeLessThan(at(first));
    // The keyboard opens a card too.
    await card.focus();
    await owner.page.keyboard.press('Enter');
    await expect(owner.page).toHaveURL(url);

    // Someone else sees a Join button, joins, and may leave again; the creator has no Leave.
    await expect(owner.page.getByRole('button', { name: 'Leave' })).toHaveCount(0);
    await expect(owner.page.getByRole('button', { name: 'Room Management' })).toBeVisible();
    const guest = await newUser(browser, 'Gus');
    await guest.page.goto('/chat-rooms');
    await guest.page.getByTestId('room-card').filter({ hasText: name }).click();
    await expect(roomTitle(guest.page, name)).toBeVisible();
    await expect(guest.page.getByRole('button', { name: 'Room Management' })).toHaveCount(0);
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await expect(guest.page.getByRole('button', { name: 'Leave' })).toBeVisible();
    await guest.page.getByRole('button', { name: 'Show members' }).click();
    await expect(memberRow(guest.page, guest.name)).toContainText('Member');
    await expect(memberRow(guest.page, owner.name)).toContainText('Creator');
    // A plain member of a public room has no menu on anyone.
    await expect(guest.page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await guest.page.getByRole('button', { name: 'Leave' }).click();
    await expect(guest.page.getByRole('button', { name: 'Join' })).toBeVisible();
    await expect(memberRow(guest.page, guest.name)).toHaveCount(0);
  });

  test('a private room is refused to an outsider until invited; roles, mute and kick through the member menu', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = await newUser(browser, 'Pia');
    const invitee = await newUser(browser, 'Ivo');
    const name = `Study group ${tag()}`;
    const url = await createRoom(owner.page, name, { isPrivate: true });
    await expect(owner.page.getByTestId('room-header').getByText('Private')).toBeVisible();

    // The outsider neither sees it listed nor may open it.
    await invitee.page.goto('/chat-rooms');
    await expect(invitee.page.getByRole('heading', { name: 'All Rooms' })).toBeVisible();
    await expect(invitee.page.getByTestId('room-card').filter({ hasText: name })).toHaveCount(0);
    await invitee.page.goto(url);
    await expect(invitee.page.getByText("You don't have access to this private chat room.")).toBeVisible();

    // The creator invites them from the Invite dialog, searching part of the first name.
    await owner.page.getByRole('button', { name: 'Invite' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invite Users' });
    await dialog.getByLabel('Search users').fill(invitee.firstName.slice(0, -2).toLowerCase());
    const results = dialog.getByTestId('invite-results');
    await expect(results.getByText(invitee.name)).toBeVisible();
    // The searcher is never in their own results.
    await dialog.getByLabel('Search users').fill(owner.firstName);
    await expect(dialog.getByText('No users found')).toBeVisible();
    await dialog.getByLabel('Search users').fill(invitee.firstName);
    await dialog.getByRole('button', { name: `Add ${invitee.name}` }).click();
    await expect(owner.page.getByText('User added to room successfully!')).toBeVisible();
    await expect(results.getByText('Member', { exact: true })).toBeVisible();
    await owner.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await invitee.page.goto(url);
    await expect(roomTitle(invitee.page, name)).toBeVisible();
    await expect(invitee.page.getByRole('button', { name: 'Leave' })).toBeVisible();

    // Make Moderator, then Promote to Admin, then Demote to Member.
    await owner.page.getByRole('button', { name: 'Show members' }).click();
    const row = memberRow(owner.page, invitee.name);
    await expect(row).toContainText('Member');
    let menu = await memberMenu(owner.page, invitee.name);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Make Moderator',
      'Make Admin',
      'Mute Messages',
      'Kick Member',
      'Ban Member',
      'Remove Member',
    ]);
    await menu.getByRole('menuitem', { name: 'Make Moderator' }).click();
    await expect(owner.page.getByText('Member role updated successfully')).toBeVisible();
    await expect(row).toContainText('Moderator');
    menu = await memberMenu(owner.page, invitee.name);
    await expect(menu.getByRole('menuitem', { name: 'Promote to Admin' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Demote to Member' }).click();
    await expect(row.getByText('Member', { exact: true })).toBeVisible();

    // The invitee, a moderator now, has no menu on the creator nor on themselves.
    menu = await memberMenu(owner.page, invitee.name);
    await menu.getByRole('menuitem', { name: 'Make Moderator' }).click();
    await expect(row).toContainText('Moderator');
    await invitee.page.getByRole('button', { name: 'Show members' }).click();
    await expect(memberRow(invitee.page, owner.name)).toBeVisible();
    await expect(invitee.page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);

    // Mute, then unmute.
    menu = await memberMenu(owner.page, invitee.name);
    await menu.getByRole('menuitem', { name: 'Mute Messages' }).click();
    await expect(row.getByText('Muted')).toBeVisible();
    menu = await memberMenu(owner.page, invitee.name);
    await menu.getByRole('menuitem', { name: 'Unmute Messages' }).click();
    await expect(row.getByText('Muted')).toHaveCount(0);

    // Kick, behind its confirmation: Cancel keeps them, Kick removes them.
    menu = await memberMenu(owner.page, invitee.name);
    await menu.getByRole('menuitem', { name: 'Kick Member' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Kick Member' });
    await expect(confirm).toContainText(`Kick ${invitee.name} out of this room?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    menu = await memberMenu(owner.page, invitee.name);
    await menu.getByRole('menuitem', { name: 'Kick Member' }).click();
    await owner.page.getByRole('dialog', { name: 'Kick Member' }).getByRole('button', { name: 'Kick' }).click();
    await expect(owner.page.getByText('Member removed successfully')).toBeVisible();
    await expect(row).toHaveCount(0);

    // Out of a private room again: refused.
    await invitee.page.goto(url);
    await expect(invitee.page.getByText("You don't have access to this private chat room.")).toBeVisible();
  });

  test('a public room’s admin is a plain member there: no menu, Banned list or Invite until the room is made private', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = await newUser(browser, 'Ona');
    const staff = await newUser(browser, 'Ada');
    const guest = await newUser(browser, 'Gia');
    const name = `Open forum ${tag()}`;
    const url = await createRoom(owner.page, name);
    for (const who of [staff, guest]) {
      await who.page.goto(url);
      await who.page.getByRole('button', { name: 'Join' }).click();
      await expect(who.page.getByRole('button', { name: 'Leave' })).toBeVisible();
    }

    // The creator makes them an admin: the role is stored and shown.
    await owner.page.getByRole('button', { name: 'Show members' }).click();
    const menu = await memberMenu(owner.page, staff.name);
    await menu.getByRole('menuitem', { name: 'Make Admin' }).click();
    await expect(memberRow(owner.page, staff.name)).toContainText('Admin');

    // In a public room it grants nothing: no member menu, no Banned section, no Invite.
    await staff.page.getByRole('button', { name: 'Show members' }).click();
    await expect(memberRow(staff.page, staff.name)).toContainText('Admin');
    await expect(memberRow(staff.page, guest.name)).toBeVisible();
    await expect(staff.page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await expect(staff.page.getByTestId('banned-section')).toHaveCount(0);
    await expect(staff.page.getByRole('button', { name: 'Invite' })).toHaveCount(0);

    // Made private, the same admin manages the guest at once, without a reload.
    await owner.page.getByRole('button', { name: 'Room Management' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Room Management' });
    await dialog.getByLabel('Private Room').click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(owner.page.getByText('Room settings updated successfully!')).toBeVisible();
    await expect(staff.page.getByRole('button', { name: 'Invite' })).toBeVisible();
    await expect(staff.page.getByTestId('banned-section')).toBeVisible();
    const staffMenu = await memberMenu(staff.page, guest.name);
    await expect(staffMenu.getByRole('menuitem')).toHaveText([
      'Make Moderator',
      'Mute Messages',
      'Kick Member',
      'Ban Member',
      'Remove Member',
    ]);
    await staffMenu.getByRole('menuitem', { name: 'Mute Messages' }).click();
    await expect(memberRow(staff.page, guest.name).getByText('Muted')).toBeVisible();
    // Never on the creator.
    await expect(staff.page.getByRole('button', { name: `Actions for ${owner.name}` })).toHaveCount(0);
  });

  test('Room Management renames the room, warns on a privacy change, saves it, and deletes the room', async ({
    browser,
  }) => {
    const owner = await newUser(browser, 'Max');
    const name = `Chess ${tag()}`;
    const renamed = `Chess club ${tag()}`;
    await createRoom(owner.page, name);

    const open = async () => {
      await owner.page.getByRole('button', { name: 'Room Management' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Room Management' });
      await expect(dialog).toBeVisible();
      return dialog;
    };
    let dialog = await open();
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await expect(dialog.getByLabel('Room Name')).toHaveValue(name);
    await dialog.getByLabel('Room Name').fill('  ');
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Room Name').fill(renamed);
    await dialog.getByLabel('Description (optional)').fill('Openings and endgames.');
    await save.click();
    await expect(owner.page.getByText('Room settings updated successfully!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(roomTitle(owner.page, renamed)).toBeVisible();
    await expect(owner.page.getByTestId('room-header').getByText('Openings and endgames.')).toBeVisible();

    // The privacy warning shows only while the switch differs from what is saved.
    dialog = await open();
    await expect(dialog.getByText('Public Room: Anyone can join and participate in this room.')).toBeVisible();
    await expect(dialog.getByText('Changing Privacy Settings')).toHaveCount(0);
    await dialog.getByLabel('Private Room').click();
    await expect(dialog.getByText('Private Room: Only invited members can join and see messages.')).toBeVisible();
    const warning = dialog.getByTestId('privacy-warning');
    await expect(warning).toContainText('Changing Privacy Settings');
    await expect(warning).toContainText('Private: users must be invited.');
    await expect(warning).toContainText('Public: anyone can join and see all messages.');
    await dialog.getByLabel('Private Room').click();
    await expect(warning).toHaveCount(0);
    // Cancel keeps what was saved.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(owner.page.getByTestId('room-header').getByText('Private')).toHaveCount(0);
    dialog = await open();
    await dialog.getByLabel('Private Room').click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(owner.page.getByText('Room settings updated successfully!')).toBeVisible();
    await expect(owner.page.getByTestId('room-header').getByText('Private')).toBeVisible();

    // Delete: the confirmation's text, Cancel, then Delete Room.
    dialog = await open();
    await dialog.getByRole('button', { name: 'Delete Room' }).click();
    const confirm = owner.page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Are you sure you want to delete the room? This action cannot be undone. All messages, members, and invitations will be permanently removed.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    // Escape closes the confirmation, then the dialog.
    await dialog.getByRole('button', { name: 'Delete Room' }).click();
    await expect(confirm).toBeVisible();
    await owner.page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await owner.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    dialog = await open();
    await dialog.getByRole('button', { name: 'Delete Room' }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Delete Room' }).click();
    await expect(owner.page.getByText('Chat room deleted successfully')).toBeVisible();
    await expect(owner.page).toHaveURL(/\/chat-rooms$/);
    await expect(owner.page.getByRole('heading', { name: 'All Rooms' })).toBeVisible();
    await expect(owner.page.getByTestId('room-card').filter({ hasText: renamed })).toHaveCount(0);
  });

  test('a public room created in one browser appears in another’s open list without a reload', async ({ browser }) => {
    const owner = await newUser(browser, 'Liv');
    const viewer = await newUser(browser, 'Vee');
    await viewer.page.goto('/chat-rooms');
    await expect(viewer.page.getByRole('heading', { name: 'All Rooms' })).toBeVisible();
    // Any room listed now: the new one must come before it, as the list is newest first (other tests' rooms may
    // arrive meanwhile, so "first" is not the test).
    const cards = viewer.page.getByTestId('room-card');
    // By the card's heading: its text starts with the room's initial, which most cards share.
    const before = (await cards.count()) > 0 ? await cards.first().getByRole('heading').innerText() : null;
    const name = `Live room ${tag()}`;
    await createRoom(owner.page, name, { description: 'Appears by itself.' });
    const card = viewer.page.getByTestId('room-card').filter({ hasText: name });
    await expect(card).toContainText('Appears by itself.');
    await expect(card).toContainText('1 member');
    if (before) {
      const names = await cards.getByRole('heading').allInnerTexts();
      const at = names.indexOf(name);
      expect(at).toBeGreaterThanOrEqual(0);
      // Unless another test deleted that room meanwhile.
      const beforeAt = names.indexOf(before);
      if (beforeAt >= 0) expect(at).toBeLessThan(beforeAt);
    }
    // A private room of the owner's never reaches the viewer's list.
    const secret = `Live secret ${tag()}`;
    await createRoom(owner.page, secret, { isPrivate: true });
    const later = `Live fence ${tag()}`;
    await createRoom(owner.page, later);
    await expect(viewer.page.getByTestId('room-card').filter({ hasText: later })).toBeVisible();
    await expect(viewer.page.getByTestId('room-card').filter({ hasText: secret })).toHaveCount(0);
  });

  test('ban a member from the member menu, see them under Banned, unban them, and they can join again', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = await newUser(browser, 'Bea');
    const guest = await newUser(browser, 'Gil');
    const name = `Ban test ${tag()}`;
    const url = await createRoom(owner.page, name);
    await guest.page.goto(url);
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await expect(guest.page.getByRole('button', { name: 'Leave' })).toBeVisible();

    await owner.page.getByRole('button', { name: 'Show members' }).click();
    await expect(memberRow(owner.page, guest.name)).toBeVisible();
    // The Banned section opens by keyboard and is empty at first.
    const banned = owner.page.getByTestId('banned-section');
    const toggle = banned.getByRole('button', { name: /^Banned/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await owner.page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(banned.getByText('No one is banned from this room.')).toBeVisible();

    const menu = await memberMenu(owner.page, guest.name);
    await menu.getByRole('menuitem', { name: 'Ban Member' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Ban Member' });
    await expect(confirm).toContainText(`Ban ${guest.name} from this room?`);
    await confirm.getByRole('button', { name: 'Ban' }).click();
    await expect(owner.page.getByText('Member removed successfully')).toBeVisible();
    await expect(memberRow(owner.page, guest.name)).toHaveCount(0);
    const bannedRow = banned.getByTestId('banned-user').filter({ hasText: guest.name });
    await expect(bannedRow).toContainText('Banned ');
    // Banned, they cannot join.
    await guest.page.goto(url);
    await expect(guest.page.getByRole('button', { name: 'Join' })).toHaveCount(0);

    // Unban behind its confirmation: Cancel keeps the ban, Unban lifts it.
    await bannedRow.getByRole('button', { name: `Unban ${guest.name}` }).click();
    const unban = owner.page.getByRole('dialog', { name: 'Unban Member' });
    await expect(unban).toContainText(`Unban ${guest.name}?`);
    await unban.getByRole('button', { name: 'Cancel' }).click();
    await expect(bannedRow).toBeVisible();
    await bannedRow.getByRole('button', { name: `Unban ${guest.name}` }).click();
    await owner.page.getByRole('dialog', { name: 'Unban Member' }).getByRole('button', { name: 'Unban' }).click();
    await expect(owner.page.getByText('Member unbanned successfully')).toBeVisible();
    await expect(bannedRow).toHaveCount(0);
    await expect(banned.getByText('No one is banned from this room.')).toBeVisible();
    // Not a member again by the unban: they join by themselves.
    await expect(memberRow(owner.page, guest.name)).toHaveCount(0);
    await guest.page.goto(url);
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await expect(guest.page.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expect(memberRow(owner.page, guest.name)).toBeVisible();
  });

  test('a Join pressed while the room is being read again stays pressed: the older answer does not undo it', async ({
    browser,
  }) => {
    const owner = await newUser(browser, 'Oda');
    const guest = await newUser(browser, 'Gus');
    const url = await createRoom(owner.page, `Quick join ${tag()}`);
    const reads = await holdCatchUpReads(guest.page);
    await guest.page.goto(url);
    await reads.held;
    // The impatient user on a slow network, whose press beats the read (CI caught the Join button coming back).
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await expect(guest.page.getByRole('button', { name: 'Leave' })).toBeVisible();
    reads.release();
    await expect.poll(() => reads.of('rooms.get'), { message: 'the room is read again' }).toBeGreaterThanOrEqual(3);
    await expect(guest.page.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expect(guest.page.getByRole('button', { name: 'Join' })).toHaveCount(0);
  });

  test('a message that arrives while the room is being read again stays: the older answer does not undo it', async ({
    browser,
  }) => {
    const owner = await newUser(browser, 'Oda');
    const guest = await newUser(browser, 'Gus');
    const name = `Quick word ${tag()}`;
    const url = await createRoom(owner.page, name);
    const text = `Welcome aboard ${tag()}`;
    // The message's live event, as the guest's socket receives it (the page may still be reading its first page).
    const delivered = new Promise<void>((resolve) =>
      guest.page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes(text)) resolve();
        }),
      ),
    );
    const reads = await holdCatchUpReads(guest.page);
    await guest.page.goto(url);
    await reads.held;
    const box = owner.page.getByPlaceholder(`Message #${name}`);
    await box.fill(text);
    await box.press('Enter');
    await delivered;
    reads.release();
    await expect
      .poll(() => reads.of('roomMessages.list'), { message: 'the messages are read again' })
      .toBeGreaterThanOrEqual(3);
    await expect(guest.page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true })).toBeVisible();
  });

  test('a failed rooms list shows the error with Try Again, which reloads the page', async ({ browser }) => {
    const { page } = await newUser(browser, 'Eve');
    const roomsList = (url: URL) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('rooms.list');
    await page.route(roomsList, (route) => route.abort('failed'));
    await page.goto('/chat-rooms');
    await expect(page.getByText(/^Failed to fetch chat rooms: /)).toBeVisible();
    await page.unroute(roomsList);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'All Rooms' })).toBeVisible();
    await expect(page.getByText(/^Failed to fetch chat rooms: /)).toHaveCount(0);
  });

  test('no rooms reads "No chat rooms yet!"', async ({ browser }) => {
    const { page } = await newUser(browser, 'Nia');
    // Other tests share the server: the list's answer is emptied in its batch to stand in for an empty site.
    await page.route(
      (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.slice(10).split(',').includes('rooms.list'),
      async (route) => {
        const response = await route.fetch();
        const procedures = new URL(route.request().url()).pathname.slice(10).split(',');
        const answers = (await response.json()) as { result?: { data?: unknown } }[];
        answers[procedures.indexOf('rooms.list')] = { result: { data: [] } };
        await route.fulfill({ response, json: answers });
      },
    );
    await page.goto('/chat-rooms');
    await expect(page.getByText('No chat rooms yet!')).toBeVisible();
  });

  test('the list, a room and its dialogs fit a 390 px phone and pass axe', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const first = `Phone${tag()}`;
    await signInAsNewUser(page, { firstName: first, lastName: 'Roomer' });
    const fitsWidth = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const roomName = `A rather long room name for phones ${tag()}`;
    await createRoom(page, roomName, {
      description: 'A description long enough to wrap over several lines on a narrow phone screen.',
      isPrivate: true,
    });
    await fitsWidth();
    await page.getByRole('button', { name: 'Show members' }).click();
    await expect(memberRow(page, `${first} Roomer`)).toBeVisible();
    await fitsWidth();
    await expectNoSeriousA11yViolations(page, 'room page');
    await page.getByRole('button', { name: 'Room Management' }).click();
    await expect(page.getByRole('dialog', { name: 'Room Management' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'room management');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('dialog', { name: 'Invite Users' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'invite dialog');
    await page.keyboard.press('Escape');
    await page.goto('/chat-rooms');
    await expect(page.getByTestId('room-card').first()).toBeVisible();
    await fitsWidth();
    await expectNoSeriousA11yViolations(page, 'rooms list');
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    // Checked once the theme is on, its overlay gone and the colours' transitions finished: not mid-fade.
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByText('Switching to Dark Mode')).toBeHidden();
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await expectNoSeriousA11yViolations(page, 'rooms list, dark');
    // Its own room: other tests' public rooms appear in the list live, at the top.
    await page.getByTestId('room-card').filter({ hasText: roomName }).click();
    await page.getByRole('button', { name: 'Show members' }).click();
    await expect(memberRow(page, `${first} Roomer`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'room page, dark');
  });
});
