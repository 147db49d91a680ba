import { describe, expect, it } from 'vitest';
import {
  canInvite,
  canManageBans,
  canRead,
  hasModerationRights,
  memberActionAllowed,
  reactionOutcome,
  receiptsSummary,
  replyPreview,
  roleChangeRefusal,
  roomFieldsSchema,
  standingOf,
  typingNames,
  typingText,
  ROOM_ROLES,
  type RoomRole,
  type RoomStanding,
} from './rooms';
import { roomNoticeOf, roomNoticeText, toStoredRoomNotice } from './room-notices';

const other = (standing: RoomStanding) => ({ standing, isSelf: false });

describe('room fields (spec 3, section 5)', () => {
  it('the name is required after trimming, at most 50; a blank description is stored empty', () => {
    expect(roomFieldsSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe('Room name is required');
    expect(roomFieldsSchema.safeParse({ name: 'x'.repeat(51) }).success).toBe(false);
    expect(roomFieldsSchema.parse({ name: '  Maths help ', description: '   ' })).toEqual({
      name: 'Maths help',
      description: '',
      isPrivate: false,
    });
    expect(roomFieldsSchema.safeParse({ name: 'ok', description: 'd'.repeat(201) }).success).toBe(false);
  });
});

describe('the viewer’s standing and rights (spec 3, section 4)', () => {
  const room = { createdBy: 'creator' };
  it('the creator by created_by, else the membership, else an outsider', () => {
    expect(standingOf(room, 'creator', { role: 'admin' })).toBe('creator');
    expect(standingOf(room, 'u', { role: 'moderator' })).toBe('moderator');
    expect(standingOf(room, 'u', null)).toBe('outsider');
  });

  it('moderation rights: the creator always; admins and moderators only in a private room', () => {
    expect(hasModerationRights({ isPrivate: false }, 'creator')).toBe(true);
    expect(hasModerationRights({ isPrivate: false }, 'admin')).toBe(false);
    expect(hasModerationRights({ isPrivate: true }, 'moderator')).toBe(true);
    expect(hasModerationRights({ isPrivate: true }, 'member')).toBe(false);
  });

  it('a private room is read by its members only; a banned user reads nothing', () => {
    expect(canRead({ isPrivate: true }, 'outsider', false)).toBe(false);
    expect(canRead({ isPrivate: true }, 'member', false)).toBe(true);
    expect(canRead({ isPrivate: false }, 'outsider', false)).toBe(true);
    expect(canRead({ isPrivate: false }, 'outsider', true)).toBe(false);
  });

  it('invites: room admins and the creator, or any member of a private room', () => {
    expect(canInvite({ isPrivate: false }, 'member')).toBe(false);
    expect(canInvite({ isPrivate: false }, 'admin')).toBe(true);
    expect(canInvite({ isPrivate: true }, 'member')).toBe(true);
    expect(canInvite({ isPrivate: true }, 'outsider')).toBe(false);
  });
});

describe('member role transitions (spec 3, section 4)', () => {
  const cases: [RoomStanding, RoomStanding, RoomRole, boolean][] = [
    ['admin', 'member', 'moderator', true],
    ['creator', 'member', 'moderator', true],
    ['moderator', 'member', 'moderator', false],
    ['creator', 'member', 'admin', true],
    ['creator', 'moderator', 'admin', true],
    ['admin', 'member', 'admin', false],
    ['admin', 'moderator', 'admin', false],
    ['admin', 'moderator', 'member', true],
    ['creator', 'moderator', 'member', true],
    ['moderator', 'moderator', 'member', false],
    ['creator', 'admin', 'member', true],
    ['admin', 'admin', 'member', false],
    ['member', 'member', 'moderator', false],
  ];
  it.each(cases)('%s changing a %s to %s: allowed %s', (actor, from, to, allowed) => {
    expect(roleChangeRefusal(actor, other(from), to) === null).toBe(allowed);
  });

  it('nobody changes their own entry or the creator’s', () => {
    expect(roleChangeRefusal('creator', { standing: 'admin', isSelf: true }, 'member')).toBe('SELF');
    expect(roleChangeRefusal('admin', other('creator'), 'member')).toBe('CREATOR');
  });
});

describe('kick, mute, ban and remove', () => {
  it('a moderator kicks and mutes plain members only, and never bans or removes', () => {
    expect(memberActionAllowed('moderator', other('member'), 'kick')).toBe(true);
    expect(memberActionAllowed('moderator', other('member'), 'mute')).toBe(true);
    expect(memberActionAllowed('moderator', other('member'), 'ban')).toBe(false);
    expect(memberActionAllowed('moderator', other('member'), 'remove')).toBe(false);
    expect(memberActionAllowed('moderator', other('moderator'), 'kick')).toBe(false);
  });

  it('a room admin acts on those who are not admins; the creator on anyone; nobody on the creator or themselves', () => {
    expect(memberActionAllowed('admin', other('moderator'), 'ban')).toBe(true);
    expect(memberActionAllowed('admin', other('admin'), 'remove')).toBe(false);
    expect(memberActionAllowed('creator', other('admin'), 'ban')).toBe(true);
    expect(memberActionAllowed('creator', other('creator'), 'kick')).toBe(false);
    expect(memberActionAllowed('admin', { standing: 'member', isSelf: true }, 'kick')).toBe(false);
    expect(memberActionAllowed('member', other('member'), 'kick')).toBe(false);
  });

  it('the banned list and unban belong to exactly those who may ban someone: the creator and room admins', () => {
    const standings: RoomStanding[] = ['creator', ...ROOM_ROLES, 'outsider'];
    for (const standing of standings) {
      // Whoever may ban anyone at all may see and lift bans; nobody else (a ban lifted must be one they could make).
      const mayBan = standings.some((target) => memberActionAllowed(standing, other(target), 'ban'));
      expect(canManageBans(standing), standing).toBe(mayBan);
    }
    expect(canManageBans('creator')).toBe(true);
    expect(canManageBans('admin')).toBe(true);
    expect(canManageBans('moderator')).toBe(false);
    expect(canManageBans('member')).toBe(false);
    expect(canManageBans('outsider')).toBe(false);
  });
});

describe('typing, receipts, replies and reactions', () => {
  it('one name, two names joined, or a count; notices 5 s old or more are ignored', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Ana'])).toBe('Ana is typing...');
    expect(typingText(['Ana', 'Ben'])).toBe('Ana and Ben are typing...');
    expect(typingText(['Ana', 'Ben', 'Cy'])).toBe('3 people are typing...');
    expect(
      typingNames(
        [
          { name: 'Ana', at: 10_000 },
          { name: 'Old', at: 5_000 },
        ],
        10_000 + 4_999,
      ),
    ).toEqual(['Ana']);
  });

  it('receipts: up to 3 avatars then +n; the tooltip names 3 then "and n others"', () => {
    expect(receiptsSummary(['Ana', 'Ben'])).toEqual({ shown: 2, more: 0, tooltip: 'Read by Ana, Ben' });
    expect(receiptsSummary(['Ana', 'Ben', 'Cy', 'Dee', 'Eve'])).toEqual({
      shown: 3,
      more: 2,
      tooltip: 'Read by Ana, Ben, Cy and 2 others',
    });
  });

  it('a reply previews 50 characters of its parent, or the media label', () => {
    expect(replyPreview({ content: 'a'.repeat(60), mediaType: null })).toBe(`${'a'.repeat(50)}...`);
    expect(replyPreview({ content: null, mediaType: 'gif' })).toBe('GIF');
    expect(replyPreview({ content: '', mediaType: null })).toBe('Media');
  });

  it('picking your own reaction removes it; any other replaces it', () => {
    expect(reactionOutcome('👍', '👍')).toEqual({ remove: true });
    expect(reactionOutcome('👍', '🎉')).toEqual({ set: '🎉' });
    expect(reactionOutcome(null, '🎉')).toEqual({ set: '🎉' });
  });
});

describe('room notices', () => {
  it('are made from their payload, and a damaged payload reads as nothing, never as words', () => {
    const stored = toStoredRoomNotice({ kind: 'member_joined', userId: 'u1', name: 'Ana' });
    const notice = roomNoticeOf(stored)!;
    expect(roomNoticeText(notice)).toBe('Ana joined the room');
    expect(roomNoticeOf({ kind: 'member_joined', payload: { name: 42 } })).toBeNull();
    expect(roomNoticeOf({ kind: 'text', payload: null })).toBeNull();
  });
});
