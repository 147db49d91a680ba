import { describe, expect, it } from 'vitest';
import {
  canInvite,
  canManageBans,
  canRead,
  hasModerationRights,
  memberActionAllowed,
  MEMBER_ACTIONS,
  reactionOutcome,
  receiptsSummary,
  replyPreview,
  roleChangeRefusal,
  roleInRoom,
  roomFieldsSchema,
  standingOf,
  typingNames,
  typingText,
  ROOM_ROLES,
  type MemberAction,
  type RoomRole,
  type RoomStanding,
} from './rooms';
import { roomNoticeOf, roomNoticeText, toStoredRoomNotice } from './room-notices';

const other = (standing: RoomStanding) => ({ standing, isSelf: false });
const PRIVATE = { isPrivate: true };
const PUBLIC = { isPrivate: false };
const STANDINGS: RoomStanding[] = ['creator', ...ROOM_ROLES, 'outsider'];

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

  it('in a public room every non-creator counts as a plain member; in a private room the stored role counts', () => {
    expect(STANDINGS.map((standing) => roleInRoom(PUBLIC, standing))).toEqual([
      'creator',
      'member',
      'member',
      'member',
      'outsider',
    ]);
    expect(STANDINGS.map((standing) => roleInRoom(PRIVATE, standing))).toEqual(STANDINGS);
  });

  // [standing, moderates, manages bans, invites], in a private room then in a public one.
  const rights: [RoomStanding, [boolean, boolean, boolean], [boolean, boolean, boolean]][] = [
    ['creator', [true, true, true], [true, true, true]],
    ['admin', [true, true, true], [false, false, false]],
    ['moderator', [true, false, true], [false, false, false]],
    ['member', [false, false, true], [false, false, false]],
    ['outsider', [false, false, false], [false, false, false]],
  ];
  it.each(rights)(
    'a %s: moderation rights, the Banned list and Invite, private then public',
    (standing, inPrivate, inPublic) => {
      for (const [room, expected] of [
        [PRIVATE, inPrivate],
        [PUBLIC, inPublic],
      ] as const) {
        expect([hasModerationRights(room, standing), canManageBans(room, standing), canInvite(room, standing)]).toEqual(
          expected,
        );
      }
    },
  );

  it('a private room is read by its members only; a banned user reads nothing', () => {
    expect(canRead({ isPrivate: true }, 'outsider', false)).toBe(false);
    expect(canRead({ isPrivate: true }, 'member', false)).toBe(true);
    expect(canRead({ isPrivate: false }, 'outsider', false)).toBe(true);
    expect(canRead({ isPrivate: false }, 'outsider', true)).toBe(false);
  });
});

type Deed = MemberAction | `to ${RoomRole}`;
const DEEDS: Deed[] = [...MEMBER_ACTIONS, ...ROOM_ROLES.map((role) => `to ${role}` as const)];
const EVERY_ACTION = [...MEMBER_ACTIONS];

/**
 * Spec 3, sections 4 and 6, written out by hand: what each actor may do to each target in a PRIVATE room (actions,
 * and role changes as "to <role>"). Anything not listed is refused, including anything on the creator or an
 * outsider. In a PUBLIC room only the creator's row holds: everyone else counts as a plain member.
 */
const PRIVATE_ROOM: Partial<Record<RoomStanding, Partial<Record<RoomStanding, Deed[]>>>> = {
  creator: {
    admin: [...EVERY_ACTION, 'to member', 'to moderator'],
    moderator: [...EVERY_ACTION, 'to member', 'to admin'],
    member: [...EVERY_ACTION, 'to moderator', 'to admin'],
  },
  admin: {
    moderator: [...EVERY_ACTION, 'to member'],
    member: [...EVERY_ACTION, 'to moderator'],
  },
  moderator: { member: ['kick', 'mute', 'unmute'] },
};

function allowed(room: { isPrivate: boolean }, actor: RoomStanding, target: RoomStanding, deed: Deed, isSelf = false) {
  const who = { standing: target, isSelf };
  return deed.startsWith('to ')
    ? roleChangeRefusal(room, actor, who, deed.slice(3) as RoomRole) === null
    : memberActionAllowed(room, actor, who, deed as MemberAction);
}

describe('moderation, every room x actor x target x action (spec 3, sections 4 and 6)', () => {
  const combinations = [PRIVATE, PUBLIC].flatMap((room) =>
    STANDINGS.flatMap((actor) =>
      STANDINGS.flatMap((target) =>
        DEEDS.map((deed) => {
          const mayInPrivate = PRIVATE_ROOM[actor]?.[target]?.includes(deed) ?? false;
          const may = room.isPrivate ? mayInPrivate : actor === 'creator' && mayInPrivate;
          return [room.isPrivate ? 'private' : 'public', actor, target, deed, may] as const;
        }),
      ),
    ),
  );

  it.each(combinations)('%s room: a %s on a %s, %s: allowed %s', (privacy, actor, target, deed, may) => {
    expect(allowed({ isPrivate: privacy === 'private' }, actor, target, deed)).toBe(may);
  });

  it('nobody acts on or changes their own entry, in either room', () => {
    for (const room of [PRIVATE, PUBLIC]) {
      for (const standing of STANDINGS) {
        for (const deed of DEEDS)
          expect(allowed(room, standing, standing, deed, true), `${standing} ${deed}`).toBe(false);
      }
    }
    expect(roleChangeRefusal(PRIVATE, 'creator', { standing: 'admin', isSelf: true }, 'member')).toBe('SELF');
    expect(roleChangeRefusal(PRIVATE, 'admin', other('creator'), 'member')).toBe('CREATOR');
    expect(roleChangeRefusal(PUBLIC, 'admin', other('member'), 'moderator')).toBe('NOT_ALLOWED');
  });

  it('a public room’s stored admin and moderator act again, unchanged, once the room is made private', () => {
    expect(memberActionAllowed(PUBLIC, 'admin', other('member'), 'ban')).toBe(false);
    expect(memberActionAllowed(PRIVATE, 'admin', other('member'), 'ban')).toBe(true);
    expect(memberActionAllowed(PUBLIC, 'moderator', other('member'), 'kick')).toBe(false);
    expect(memberActionAllowed(PRIVATE, 'moderator', other('member'), 'kick')).toBe(true);
    // The creator of a public room still acts on a stored admin, who stays an admin in the database.
    expect(memberActionAllowed(PUBLIC, 'creator', other('admin'), 'mute')).toBe(true);
    expect(roleChangeRefusal(PUBLIC, 'creator', other('admin'), 'member')).toBeNull();
  });

  it('the banned list and unban belong to exactly those who may ban someone, in either room', () => {
    for (const room of [PRIVATE, PUBLIC]) {
      for (const standing of STANDINGS) {
        // Whoever may ban anyone at all may see and lift bans; nobody else (a ban lifted must be one they could make).
        const mayBan = STANDINGS.some((target) => memberActionAllowed(room, standing, other(target), 'ban'));
        expect(canManageBans(room, standing), `${String(room.isPrivate)} ${standing}`).toBe(mayBan);
      }
    }
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
