import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { RoomNoticePayload } from '../../domain/room-notices';
import type { MediaType, RoomRole } from '../../domain/rooms';
import { UPLOAD_KINDS } from '../../domain/files';
import { fileStem, type BlobStore } from '../files/blob-store';
import type { Db } from './database';
import { profiles } from './schema/profiles';
import { chatMessageReadReceipts, chatMessages, chatRoomMembers, chatRooms, messageStickers } from './schema/rooms';

/** A line of a demo room: who says it (an index into the demo users), minutes after the room's start, and what. */
interface Line {
  by: number;
  at: number;
  text?: string;
  /** Replies to the line with this key. */
  replyTo?: string;
  key?: string;
  /** The demo poster, uploaded by the speaker. */
  image?: true;
  /** Reactions: [user index, emoji]. */
  reactions?: [number, string][];
  joined?: true;
}

interface DemoRoom {
  name: string;
  description: string;
  creator: number;
  /** Members besides the creator, with their role. */
  members: [number, RoomRole][];
  /** How long ago the room's first line was said, in hours: rooms open on yesterday and today. */
  startedHoursAgo: number;
  lines: Line[];
}

/**
 * Three public rooms among the five demo users (Maya, Jordan, Sam, Aisha, Leo by index), with replies, reactions,
 * read receipts, a join notice and a picture, so a newcomer opening Chat Rooms finds conversations going on.
 */
const DEMO_ROOMS: DemoRoom[] = [
  {
    name: 'Homework Help',
    description: 'Stuck on an exercise? Ask here; someone has probably done it before.',
    creator: 0,
    members: [
      [1, 'member'],
      [2, 'moderator'],
      [3, 'member'],
      [4, 'member'],
    ],
    startedHoursAgo: 27,
    lines: [
      { by: 0, at: 0, text: 'Welcome! Post the exercise and what you tried so far.' },
      { by: 4, at: 12, key: 'quadratic', text: 'How do you solve x² - 5x + 6 = 0 without the formula?' },
      {
        by: 0,
        at: 15,
        replyTo: 'quadratic',
        text: 'Factor it: two numbers that multiply to 6 and add to -5. So (x - 2)(x - 3) = 0.',
        reactions: [
          [4, '🙏'],
          [2, '👍'],
        ],
      },
      { by: 4, at: 17, replyTo: 'quadratic', text: 'Oh! So x = 2 or x = 3. Thanks Maya!' },
      { by: 2, at: 90, text: 'Tip: Desmos is great for checking your graphs.', reactions: [[1, '💡']] },
      { by: 3, at: 1500, joined: true },
      { by: 3, at: 1502, key: 'essay', text: 'Does anyone know a good structure for a history essay?' },
      {
        by: 1,
        at: 1510,
        replyTo: 'essay',
        text: 'Intro with your argument, three paragraphs with evidence, then a conclusion that answers the question.',
        reactions: [[3, '❤️']],
      },
    ],
  },
  {
    name: 'Design Critique Corner',
    description: 'Share posters, logos and slides for friendly feedback.',
    creator: 1,
    members: [
      [3, 'admin'],
      [2, 'member'],
      [0, 'member'],
    ],
    startedHoursAgo: 20,
    lines: [
      { by: 1, at: 0, text: 'Rule of the room: say one thing you like before one thing to improve.' },
      {
        by: 3,
        at: 30,
        key: 'poster',
        image: true,
        text: 'Draft poster for the spring concert. Thoughts?',
        reactions: [
          [1, '🔥'],
          [0, '😍'],
        ],
      },
      {
        by: 1,
        at: 41,
        replyTo: 'poster',
        text: 'Love the colours! The date could be bigger so people see it from far away.',
      },
      { by: 2, at: 45, replyTo: 'poster', text: 'Agree. Maybe add a QR code for tickets?', reactions: [[3, '👍']] },
      { by: 3, at: 60, text: 'Great ideas, I will post v2 tomorrow.' },
    ],
  },
  {
    name: 'Music Jam',
    description: 'Beats, chords and practice tips.',
    creator: 4,
    members: [
      [2, 'member'],
      [3, 'member'],
    ],
    startedHoursAgo: 3,
    lines: [
      { by: 4, at: 0, text: 'Anyone up for a jam session on Saturday?' },
      { by: 2, at: 8, text: 'I can bring my keyboard 🎹', reactions: [[4, '🎉']] },
      { by: 3, at: 20, text: 'I will take photos for the club page!' },
    ],
  },
];

/** The demo picture: a concert poster drawn here, stored through the blob store like an upload. */
async function demoPoster(files: BlobStore, userId: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs>
    <rect width="480" height="640" fill="url(#sky)"/>
    <circle cx="240" cy="250" r="120" fill="#fde047" opacity="0.9"/>
    <rect x="150" y="420" width="180" height="14" rx="7" fill="#fff"/>
    <rect x="110" y="460" width="260" height="14" rx="7" fill="#fff" opacity="0.8"/>
    <rect x="170" y="500" width="140" height="14" rx="7" fill="#fff" opacity="0.6"/>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).png().toBuffer();
  const name = `${fileStem()}.png`;
  const url = await files.put(UPLOAD_KINDS['chat-media'].bucket, userId, name, data);
  return { url, filename: 'spring-concert-poster.png', size: data.length, type: 'image' as MediaType };
}

/**
 * Adds the demo rooms once: a room of that name created by the same demo user means they are there already. Rows
 * are written directly (with the times of a conversation that went on yesterday and today), as seedCompletedWork
 * does for conversations; their events would only matter to browsers that were open then.
 */
export async function seedRooms(db: Db, files: BlobStore, userIds: string[]): Promise<number> {
  const names = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(inArray(profiles.id, userIds));
  const nameOf = (id: string) => {
    const p = names.find((n) => n.id === id);
    return [p?.firstName, p?.lastName].filter(Boolean).join(' ') || 'Unknown User';
  };
  let added = 0;
  for (const demo of DEMO_ROOMS) {
    const creatorId = userIds[demo.creator]!;
    const [existing] = await db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(and(eq(chatRooms.name, demo.name), eq(chatRooms.createdBy, creatorId)))
      .limit(1);
    if (existing) continue;
    const start = Date.now() - demo.startedHoursAgo * 3_600_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const poster = demo.lines.some((l) => l.image)
      ? await demoPoster(files, userIds[demo.lines.find((l) => l.image)!.by]!)
      : null;
    await db.transaction(async (tx) => {
      const [room] = await tx
        .insert(chatRooms)
        .values({
          name: demo.name,
          description: demo.description,
          isPrivate: false,
          createdBy: creatorId,
          createdAt: at(-5),
          updatedAt: at(-5),
        })
        .returning();
      const roomId = room!.id;
      await tx.insert(chatRoomMembers).values([
        { roomId, userId: creatorId, role: 'admin', joinedAt: at(-5) },
        ...demo.members.map(([index, role]) => ({
          roomId,
          userId: userIds[index]!,
          role,
          joinedAt: at(demo.lines.find((l) => l.joined && l.by === index)?.at ?? -4),
        })),
      ]);
      const ids = new Map<string, string>();
      const said: { id: string; by: string; at: Date }[] = [];
      for (const line of demo.lines) {
        const senderId = userIds[line.by]!;
        const notice: RoomNoticePayload | null = line.joined ? { userId: senderId, name: nameOf(senderId) } : null;
        const media = line.image ? poster : null;
        const [message] = await tx
          .insert(chatMessages)
          .values({
            roomId,
            senderId,
            kind: notice ? 'member_joined' : 'text',
            content: notice ? null : (line.text ?? null),
            payload: notice,
            parentMessageId: line.replyTo ? ids.get(line.replyTo)! : null,
            sentAt: at(line.at),
            mediaType: media?.type ?? null,
            mediaUrl: media?.url ?? null,
            mediaFilename: media?.filename ?? null,
            mediaSize: media?.size ?? null,
          })
          .returning({ id: chatMessages.id });
        if (line.key) ids.set(line.key, message!.id);
        if (!notice) said.push({ id: message!.id, by: senderId, at: at(line.at) });
        if (line.reactions?.length) {
          await tx.insert(messageStickers).values(
            line.reactions.map(([index, emoji], n) => ({
              messageId: message!.id,
              userId: userIds[index]!,
              emoji,
              createdAt: at(line.at + 1 + n),
            })),
          );
        }
      }
      // Each member read what the others said two minutes later; the last message is still unread by one of them.
      const readers = [creatorId, ...demo.members.map(([index]) => userIds[index]!)];
      const receipts = said.flatMap((m) =>
        readers
          .filter((r) => r !== m.by)
          .map((userId) => ({ messageId: m.id, userId, readAt: new Date(m.at.getTime() + 120_000) })),
      );
      const lastReader = readers.at(-1);
      const last = said.at(-1);
      const kept = receipts.filter((r) => !(r.messageId === last?.id && r.userId === lastReader));
      if (kept.length) await tx.insert(chatMessageReadReceipts).values(kept);
    });
    added += 1;
  }
  return added;
}
