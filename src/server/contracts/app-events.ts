/**
 * Everything that happens in the product that another feature may react to, one member per event, discriminated on
 * `type`. An event is stored as jsonb (`domain_events.payload` holds every field but `type`), so fields are plain
 * JSON: ids as strings, instants as ISO strings, amounts as integer cents, never Date or class instances.
 *
 * Each member carries what its handlers and screens need (the message itself, the conversation's new state). Types
 * only, importing only src/domain: the outbox, the bus and every feature read them, and none of those is imported.
 */

import type { AdminUsersAppEvent } from './admin-users-events';
import type { MemberReportAppEvent } from './member-report-events';
import type { BlockAppEvent } from './block-events';
import type { MessageKind } from '../../domain/messages';
import type { Party } from '../../domain/deal';
import type { PricingType } from '../../domain/services';
import type { ProgressionQuestView, QuestCount } from './progression-events';
import type { FeedbackAppEvent } from './feedback-events';
import type { ModerationAppEvent } from './moderation-events';
import type { NotificationAppEvent } from './notification-events';
import type { PortfolioItemData, PublicProfileData } from './profile-events';
import type { RoomCardData, RoomData, RoomMemberData, RoomMessageData, RoomReader } from './room-events';

/** Both sides of a conversation, so live publishing and handlers reach them without a lookup. */
export type Participants = {
  clientId: string;
  providerId: string;
};

/** A message as the chat shows it, with the instant as an ISO string. */
export type MessageData = {
  id: string;
  conversationId: string;
  senderId: string;
  kind: MessageKind;
  text: string | null;
  payload: Json | null;
  isRead: boolean;
  createdAt: string;
  /** Contact details in it were hidden (domain/contact-details.ts): its sender is told so. */
  detailsHidden: boolean;
};

/** The negotiation's state after a change (domain/negotiation.ts), from which each party's screen derives its view. */
export type ConversationStateData = {
  listingPriceCents: number | null;
  listingPricingType: PricingType | null;
  latestProposal: { priceCents: number; pricingType: PricingType; by: Party; rejected: boolean } | null;
  finalPriceCents: number | null;
  finalPricingType: PricingType | null;
  paymentCompleted: boolean;
  serviceStarted: boolean;
  serviceCompleted: boolean;
  cancelled: boolean;
};

// Type aliases, not interfaces: only these are checked against the Json index signature below.
/**
 * Every event that happens in a conversation carries what its screens need, so live publishing sends the data and
 * no client refetches: the message or notice the change posted (null when none) and the state after it (null when
 * the state did not change). `actorId` is null when the server itself acted (a webhook, the settlement sweep).
 */
type ConversationChange = {
  actorId: string | null;
  conversationId: string;
  participants: Participants;
  message: MessageData | null;
  state: ConversationStateData | null;
};

export type AppEvent =
  // Conversations and negotiation
  | ({ type: 'message.sent'; messageId: string } & ConversationChange)
  | ({ type: 'conversation.opened'; serviceId: string | null; requestId: string | null } & ConversationChange)
  | ({ type: 'price.proposed'; amountCents: number } & ConversationChange)
  | ({ type: 'price.accepted'; amountCents: number } & ConversationChange)
  | ({ type: 'price.rejected' } & ConversationChange)
  | ({ type: 'conversation.reset' } & ConversationChange)
  /**
   * `count` messages were read; `messageIds` names the newest of them, at most a first page's worth
   * (MESSAGE_PAGES.first): older ones are not on anyone's screen, and a reader back after months must not make an
   * event of thousands of ids.
   */
  | ({ type: 'messages.read'; messageIds: string[]; count: number } & ConversationChange)
  // Payment and the job's progress
  | ({ type: 'payment.succeeded'; paymentId: string; amountCents: number } & ConversationChange)
  | ({ type: 'service.started' } & ConversationChange)
  | ({ type: 'service.completed' } & ConversationChange)
  | ({ type: 'service.cancelled' } & ConversationChange)
  | ({ type: 'review.submitted'; reviewId: string; revieweeId: string; rating: number } & ConversationChange)
  // Settlement (the sweep and the payment provider's webhooks act: actorId is then null)
  | { type: 'payout-account.ready'; userId: string }
  | ({ type: 'transfer.sent'; transferId: string; amountCents: number } & ConversationChange)
  /** `resolvedDisputeId`: the refund is how an admin ended that dispute (absent for older events and other refunds). */
  | ({ type: 'refund.issued'; refundId: string; amountCents: number; resolvedDisputeId?: string } & ConversationChange)
  | ({ type: 'dispute.opened'; disputeId: string } & ConversationChange)
  | ({ type: 'dispute.resolved'; disputeId: string; refundCents: number | null } & ConversationChange)
  /** The client accepted the finished work, or the sweep did after the waiting period (`automatic`). */
  | ({ type: 'completion.confirmed'; automatic: boolean } & ConversationChange)
  /** The provider's payout waits for their payout account to be Ready. No message: the payment panel shows it. */
  | ({ type: 'transfer.held'; transferId: string } & ConversationChange)
  /** An admin refund took the provider's payout back at Stripe. No message: the payment panel shows it. */
  | ({ type: 'transfer.reversed'; transferId: string } & ConversationChange)
  /** Paying the provider failed; the sweep tries again later. No message: the payment panel shows the state. */
  | ({ type: 'transfer.failed'; transferId: string } & ConversationChange)
  // Chat rooms: each carries what the room's screens need (live publishing sends it as it is)
  | { type: 'room.created'; actorId: string; roomId: string; room: RoomData }
  /**
   * Renamed, described or made private or public; `accessNarrowed` when made private (readers re-checked),
   * `accessWidened` when made public (the room joins everyone's rooms list, with its `memberCount`).
   */
  | {
      type: 'room.updated';
      actorId: string;
      roomId: string;
      room: RoomData;
      accessNarrowed: boolean;
      accessWidened: boolean;
      memberCount: number;
    }
  | { type: 'room.deleted'; actorId: string; roomId: string }
  /** Joined, added, given a role, muted or unmuted: the membership as it is now. */
  | { type: 'room.member-changed'; actorId: string; roomId: string; member: RoomMemberData }
  | {
      type: 'room.member-left';
      actorId: string;
      roomId: string;
      userId: string;
      reason: 'left' | 'kicked' | 'banned' | 'removed';
      /** Out of a private room, it leaves their rooms list (a public one stays listed, unless they were banned). */
      isPrivate: boolean;
    }
  /**
   * Added to the room by someone else (the invite dialog), beside its room.member-changed: the room's card, for the
   * added user's rooms list when the room is private (they could not see it before).
   */
  | { type: 'room.member-added'; actorId: string; roomId: string; userId: string; room: RoomCardData }
  /** A ban lifted (the ban row deleted, no membership made): `room` is the card their list gets back if public. */
  | { type: 'room.member-unbanned'; actorId: string; roomId: string; userId: string; room: RoomCardData }
  /** A member's message or a notice, as the room shows it. */
  | { type: 'room.message-posted'; actorId: string; roomId: string; messageId: string; message: RoomMessageData }
  /** The members a message mentions (already checked: members, not blocked either way with the sender). */
  | { type: 'room.member-mentioned'; actorId: string; roomId: string; messageId: string; userIds: string[] }
  | { type: 'room.message-edited'; actorId: string; roomId: string; messageId: string; message: RoomMessageData }
  | { type: 'room.message-deleted'; actorId: string; roomId: string; messageId: string }
  /**
   * `userId`'s reaction on a message: the emoji it is now, or null once removed. The actor is who changed it: the
   * user, or a moderator's clean-up of corrupted stickers.
   */
  | {
      type: 'room.reaction-changed';
      actorId: string;
      userId: string;
      roomId: string;
      messageId: string;
      emoji: string | null;
    }
  /** One reader's receipts for a burst of messages, with their public name and picture for the receipts row. */
  | {
      type: 'room.messages-read';
      actorId: string;
      roomId: string;
      messageIds: string[];
      /** The authors of the messages read: they alone see the receipts arrive (the room's others do not). */
      senderIds: string[];
      /** The author of each of messageIds, in the same order: each author is sent the receipts of their own only. */
      messageSenders: string[];
      readAt: string;
      reader: RoomReader;
      /** What the reader has still unread in the room after this (null when not a member), for their other tabs. */
      unread?: number | null;
    }
  // Listings
  | { type: 'service.created'; actorId: string; serviceId: string }
  | { type: 'service.updated'; actorId: string; serviceId: string }
  | { type: 'service.deleted'; actorId: string; serviceId: string }
  | { type: 'request.created'; actorId: string; requestId: string }
  | { type: 'request.updated'; actorId: string; requestId: string }
  | { type: 'request.deleted'; actorId: string; requestId: string }
  // Profiles and portfolio
  // Each carries what the public queries show, so live publishing sends it without a lookup. The use cases always
  // set `item`; it is optional only so that the outbox's own tests may record bare events.
  | { type: 'portfolio.item-added'; actorId: string; itemId: string; item?: PortfolioItemData }
  | { type: 'portfolio.item-updated'; actorId: string; itemId: string; item?: PortfolioItemData }
  | { type: 'portfolio.item-removed'; actorId: string; itemId: string }
  // Without a profile only private fields changed (payouts, Stripe's webhook); see ProfileLiveEvent.
  | { type: 'profile.updated'; userId: string; profile?: PublicProfileData; privateFieldsChanged?: boolean }
  | { type: 'avatar.set'; userId: string; profile?: PublicProfileData }
  // Progression: what the server awarded a user (features/progression), for their own live channel only
  | { type: 'progression.xp-changed'; userId: string; xp: number; level: number }
  | { type: 'progression.badge-earned'; userId: string; slug: string; earnedAt: string }
  | { type: 'progression.quest-completed'; userId: string; slug: string; title: string; xp: number }
  | { type: 'progression.level-up'; userId: string; level: number; quests: ProgressionQuestView[] }
  | { type: 'progression.quest-progress'; userId: string; quests: QuestCount[] }
  | { type: 'progression.streak'; userId: string; streak: number }
  // Accounts
  | { type: 'user.signed-up'; userId: string }
  | { type: 'user.signed-in'; userId: string }
  /** The account and everything it owned are gone (its sessions end; the listings drop its cards). */
  | { type: 'user.deleted'; userId: string }
  // Feedback, reports and polls, and admins' actions on accounts: each in its own contracts file
  | FeedbackAppEvent
  | ModerationAppEvent
  | AdminUsersAppEvent
  | MemberReportAppEvent
  | NotificationAppEvent
  | BlockAppEvent;

export type AppEventType = AppEvent['type'];

/** The member of the union with this type: `EventOf<'message.sent'>`. */
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

/** What `domain_events.payload` holds for an event of this type. */
export type PayloadOf<T extends AppEventType> = Omit<EventOf<T>, 'type'>;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** Fails to compile if a member gains a field that jsonb would not give back as it was (a Date, undefined). */
type AssertJson<T extends Json> = T;
export type AppEventIsJson = AssertJson<{ [K in AppEventType]: PayloadOf<K> }>;
