import { Link, useParams, useSearchParams } from 'react-router';
import { priceText } from '../../../domain/messages';
import { CONVERSATION_MESSAGES, PROGRESS_BADGES } from '../../../domain/negotiation';
import { formatPrice } from '../../../domain/money';
import type { PricingType } from '../../../domain/services';
import { displayName } from '../../../domain/user-summary';
import { BackLink } from '../../ui/back-link';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { UserAvatar } from '../../ui/user-avatar';
import { PageMessage } from '../../ui/page';
import { useSession } from '../accounts/api';
import { PayButton } from '../payments/pay-button';
import { ReviewDialog } from '../reviews/review-dialog';
import type { DealSummary, PaymentBadge } from '../settlement/deal-summary';
import {
  isAccessRefusal,
  type ChatMessage,
  type ConversationDetails,
  useConversation,
  useConversationMutations,
  useEarlierConversationMessages,
  useMarkConversationRead,
} from './api';
import { Composer } from './composer';
import { DealSidePanel, DealSummaryLine, useDealSummary } from './deal-panel';
import { MessageList } from './message-list';
import { useConversationInPlace } from './open-in-place';
import { MuteMenu } from '../../lib/chat/mute-menu';
import { useFirstUnreadInConversation } from '../../lib/chat/use-chat-essentials';
import { ProposalDialog } from './proposal-dialog';
import { useSettling } from '../../lib/use-settling';
import { showsProgressBadge } from '../settlement/deal-summary';
import { useFillViewport } from './use-fill-viewport';
import { useWideScreen } from './use-wide-screen';
import { BlockButton } from '../blocks/block-button';
import { BlockAwareComposer } from '../blocks/blocked-composer';

/**
 * /chat/{id}: header (the other party, the subject, the price or pending proposal, progress and payment badges, this
 * party's actions), then the messages, which take the rest of the screen and open at the newest, and the composer.
 * The deal (progress, payment) is a side panel on wide screens and a one-line summary above the messages on phones.
 */
export function ChatPage() {
  const { conversationId = '' } = useParams();
  const { account } = useSession();
  const { details, messages } = useConversation(conversationId);

  if (details.isPending) {
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading conversation...
      </p>
    );
  }
  // A failed read again (the live channel's catch-up on a flaky network) keeps the chat on screen; a refusal does not.
  const conversation = details.data;
  const noAccess = isAccessRefusal(details.error);
  if (!conversation || noAccess) {
    return (
      <PageMessage>
        <h1 className="text-xl font-semibold">
          {noAccess ? CONVERSATION_MESSAGES.noAccess : CONVERSATION_MESSAGES.detailsFailed}
        </h1>
        <Button asChild>
          <Link to="/conversations">Back to Messages</Link>
        </Button>
      </PageMessage>
    );
  }
  // Keyed: another conversation opens fresh, at its own newest message.
  return <ChatView key={conversation.id} conversation={conversation} messages={messages} ownId={account?.id ?? ''} />;
}

const NO_MESSAGES: ChatMessage[] = [];

function ChatView({
  conversation: c,
  messages,
  ownId,
}: {
  conversation: ConversationDetails;
  messages: ReturnType<typeof useConversation>['messages'];
  ownId: string;
}) {
  const mutations = useConversationMutations(c.id);
  const earlier = useEarlierConversationMessages(c.id, messages.data);
  const inPlace = useConversationInPlace(c.id, useSearchParams()[0].get('message'), messages.data);
  // Where the unread starts is read before anything is marked read (then it would be gone).
  const firstUnread = useFirstUnreadInConversation(c.id, true);
  useMarkConversationRead(c.id, messages.data, ownId, !firstUnread.isFetching);
  const deal = useDealSummary(c);
  const wide = useWideScreen();
  const { ref: pageRef, style: pageStyle } = useFillViewport<HTMLDivElement>();
  const otherName = displayName(c.other);
  return (
    <div
      ref={pageRef}
      style={pageStyle}
      className="mx-auto flex h-[calc(100dvh-4rem-1px)] w-full max-w-6xl flex-col sm:px-4 sm:py-4"
    >
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden border bg-card sm:rounded-xl">
        <ChatHeader conversation={c} deal={deal} mutations={mutations} />
        <div className="flex min-h-0 flex-1">
          <section aria-label="Chat" className="flex min-h-0 min-w-0 flex-1 flex-col">
            {!wide && <DealSummaryLine conversation={c} line={deal.line} />}
            {messages.isError ? (
              <p role="alert" className="flex-1 p-4 text-destructive">
                {CONVERSATION_MESSAGES.messagesFailed}
              </p>
            ) : (
              <MessageList
                messages={inPlace.held?.messages ?? messages.data ?? NO_MESSAGES}
                ownId={ownId}
                otherName={otherName}
                earlier={inPlace.held ? null : earlier}
                later={inPlace.later}
                focusId={inPlace.focusId}
                firstUnreadId={firstUnread.data?.messageId}
              />
            )}
            <BlockAwareComposer
              otherId={c.other.id}
              send={(text: string, confirmDetails: boolean) =>
                mutations.send.mutateAsync({ id: c.id, text, confirmDetails })
              }
            >
              {(send) => <Composer onSend={send} />}
            </BlockAwareComposer>
          </section>
          {wide && <DealSidePanel conversation={c} />}
        </div>
      </div>
    </div>
  );
}

const PAYMENT_BADGE_VARIANTS: Record<PaymentBadge, 'success' | 'warning' | 'outline' | 'destructive'> = {
  PAID: 'success',
  HELD: 'warning',
  REFUNDED: 'outline',
  'IN DISPUTE': 'destructive',
};

function ChatHeader({
  conversation: c,
  deal,
  mutations,
}: {
  conversation: ConversationDetails;
  deal: DealSummary;
  mutations: ReturnType<typeof useConversationMutations>;
}) {
  return (
    <header className="flex shrink-0 flex-col gap-2 border-b p-3 sm:p-4">
      <div className="flex items-center gap-2 sm:gap-3">
        <BackLink to="/conversations" place="Messages" iconOnly />
        <UserAvatar userId={c.other.id} {...c.other} showPresence />
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold">{displayName(c.other)}</h1>
          <p className="truncate text-sm text-muted-foreground">
            {c.serviceId ? (
              <Link to={`/services/${c.serviceId}`} className="hover:underline">
                {c.title}
              </Link>
            ) : (
              c.title
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="text-sm font-semibold sm:text-base" data-testid="conversation-price">
            {deal.proposed ?? <PriceLabel conversation={c} />}
          </span>
          <div className="flex flex-wrap justify-end gap-1">
            {showsProgressBadge(c.status, deal.payment) && (
              <Badge
                variant={c.status === 'completed' ? 'success' : c.status === 'in_progress' ? 'warning' : 'outline'}
              >
                {PROGRESS_BADGES[c.status]}
              </Badge>
            )}
            {deal.payment && (
              <Badge variant={PAYMENT_BADGE_VARIANTS[deal.payment]} data-testid="payment-badge">
                {deal.payment}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <ActionBar conversation={c} mutations={mutations} />
      {/* Beside the mute, not in the top row: on a phone the name needs that row's width. */}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <BlockButton target={c.other} />
        <MuteMenu target={{ conversationId: c.id }} />
      </div>
    </header>
  );
}

function PriceLabel({ conversation: c }: { conversation: ConversationDetails }) {
  if (c.state.finalPriceCents !== null)
    return <>{formatPrice(c.state.finalPriceCents, c.state.finalPricingType ?? 'fixed')}</>;
  if (c.service) return <>{formatPrice(c.service.priceCents, c.service.pricingType)}</>;
  return <>Price not agreed</>;
}

/** Only the buttons the state machine allows this party now; the server refuses the rest regardless. */
function ActionBar({
  conversation: c,
  mutations,
}: {
  conversation: ConversationDetails;
  mutations: ReturnType<typeof useConversationMutations>;
}) {
  // Each mutation tells its own success or failure (api.ts). The price on Accept Original is the price sent: if the
  // provider changed it meanwhile, the server refuses and the conversation is read again so the new price shows.
  const [settling, settle] = useSettling();
  const act = (action: 'accept' | 'reject' | 'start' | 'complete') =>
    mutations.act.mutate({ id: c.id, action }, { onSettled: settle });
  const acceptOriginal = (shown: { priceCents: number; pricingType: PricingType }) =>
    mutations.acceptOriginal.mutate({ id: c.id, ...shown }, { onSettled: settle });
  const can = (a: string) => c.actions.includes(a as never);
  // One decision at a time: the buttons wait for the answer (a second press would be refused by the server), and a
  // moment more for the next step's button, which takes the pressed one's place.
  const deciding = mutations.act.isPending || mutations.acceptOriginal.isPending || settling;
  const proposal = c.state.latestProposal;
  const pending = can('accept') && proposal;
  const agreed = c.state.finalPriceCents !== null;
  return (
    // Empty (nothing for this party to do now), it takes no room from the messages.
    <div className="flex flex-wrap items-center gap-2 empty:hidden" aria-label="Conversation actions" role="group">
      {pending && (
        <p className="mr-auto text-sm">
          {displayName(c.other)} proposed <strong>{priceText(proposal.priceCents, proposal.pricingType)}</strong>
        </p>
      )}
      {can('accept') && (
        <Button size="sm" disabled={deciding} onClick={() => act('accept')}>
          Accept
        </Button>
      )}
      {can('reject') && (
        <Button size="sm" disabled={deciding} variant="outline" onClick={() => act('reject')}>
          Reject
        </Button>
      )}
      {can('acceptOriginal') && c.service && (
        <Button
          size="sm"
          variant="outline"
          disabled={deciding}
          onClick={() => acceptOriginal({ priceCents: c.service!.priceCents, pricingType: c.service!.pricingType })}
        >
          Accept Original Price ({formatPrice(c.service.priceCents, c.service.pricingType)})
        </Button>
      )}
      {can('propose') && (
        <ProposalDialog
          label={proposal ? 'Adjust Price' : 'Propose Price'}
          defaultPricingType={proposal?.pricingType ?? c.service?.pricingType ?? 'fixed'}
          onPropose={(input) => mutations.propose.mutateAsync({ id: c.id, ...input })}
        />
      )}
      {can('pay') && <PayButton conversationId={c.id} amountCents={c.state.finalPriceCents!} />}
      {agreed && !c.state.paymentCompleted && c.party === 'provider' && (
        <p className="text-sm text-muted-foreground">Waiting for the client to pay.</p>
      )}
      {can('start') && (
        <Button size="sm" disabled={deciding} onClick={() => act('start')}>
          Start Service
        </Button>
      )}
      {can('complete') && (
        <Button size="sm" disabled={deciding} onClick={() => act('complete')}>
          Mark Complete
        </Button>
      )}
      {can('review') && <ReviewDialog conversationId={c.id} providerName={displayName(c.other)} />}
    </div>
  );
}
