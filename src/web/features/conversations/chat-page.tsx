import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { priceText } from '../../../domain/messages';
import { CONVERSATION_MESSAGES, PROGRESS_BADGES } from '../../../domain/negotiation';
import { formatPrice } from '../../../domain/money';
import type { PricingType } from '../../../domain/services';
import { displayName } from '../../../domain/user-summary';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { UserAvatar } from '../../ui/user-avatar';
import { useSession } from '../accounts/api';
import { PayButton } from '../payments/pay-button';
import { PaymentPanel } from '../settlement/payment-panel';
import { ReviewDialog } from '../reviews/review-dialog';
import {
  isAccessRefusal,
  type ConversationDetails,
  useConversation,
  useConversationMutations,
  useScrollback,
} from './api';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { ProposalDialog } from './proposal-dialog';
import { useEffect } from 'react';

/** /chat/{id}: header with price, status and this party's actions; messages; composer. */
export function ChatPage() {
  const { conversationId = '' } = useParams();
  const { account } = useSession();
  const { details, messages, markRead } = useConversation(conversationId);
  const mutations = useConversationMutations(conversationId);
  const scrollback = useScrollback(conversationId, messages.data);
  const opened = details.isSuccess;
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (opened) markAsRead({ id: conversationId });
  }, [opened, conversationId, markAsRead]);

  if (details.isPending) {
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading conversation...
      </p>
    );
  }
  if (details.isError) {
    const noAccess = isAccessRefusal(details.error);
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-xl font-semibold">
          {noAccess ? CONVERSATION_MESSAGES.noAccess : CONVERSATION_MESSAGES.detailsFailed}
        </h1>
        <Button asChild>
          <Link to="/conversations">Back to Messages</Link>
        </Button>
      </div>
    );
  }
  const c = details.data;
  const otherName = displayName(c.other);
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-4xl flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex flex-1 flex-col overflow-hidden border bg-card sm:rounded-xl">
        <header className="flex flex-col gap-3 border-b p-4">
          <div className="flex items-center gap-3">
            <Button asChild variant="ghost" size="icon" aria-label="Back to conversations">
              <Link to="/conversations">
                <ArrowLeft className="h-5 w-5" aria-hidden />
              </Link>
            </Button>
            <UserAvatar userId={c.other.id} {...c.other} showPresence />
            <div className="min-w-0 flex-1">
              <h1 className="truncate font-semibold">{otherName}</h1>
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
            <div className="flex flex-col items-end gap-1">
              <span className="font-semibold" data-testid="conversation-price">
                <PriceLabel conversation={c} />
              </span>
              <Badge
                variant={c.status === 'completed' ? 'success' : c.status === 'in_progress' ? 'warning' : 'outline'}
              >
                {PROGRESS_BADGES[c.status]}
              </Badge>
            </div>
          </div>
          <ActionBar conversation={c} mutations={mutations} />
          {c.state.paymentCompleted && <PaymentPanel conversationId={c.id} compact />}
        </header>
        {messages.isError ? (
          <p role="alert" className="p-4 text-destructive">
            {CONVERSATION_MESSAGES.messagesFailed}
          </p>
        ) : (
          <MessageList
            messages={scrollback.messages}
            ownId={account?.id ?? ''}
            otherName={otherName}
            earlier={
              scrollback.hasEarlier ? { loading: scrollback.loadingEarlier, load: scrollback.loadEarlier } : null
            }
          />
        )}
        <Composer onSend={(text) => mutations.send.mutateAsync({ id: c.id, text })} />
      </div>
    </div>
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
  const act = (action: 'accept' | 'reject' | 'start' | 'complete') => mutations.act.mutate({ id: c.id, action });
  const acceptOriginal = (shown: { priceCents: number; pricingType: PricingType }) =>
    mutations.acceptOriginal.mutate({ id: c.id, ...shown });
  const can = (a: string) => c.actions.includes(a as never);
  const proposal = c.state.latestProposal;
  const pending = can('accept') && proposal;
  const agreed = c.state.finalPriceCents !== null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Conversation actions" role="group">
      {pending && (
        <p className="mr-auto text-sm">
          {displayName(c.other)} proposed <strong>{priceText(proposal.priceCents, proposal.pricingType)}</strong>
        </p>
      )}
      {can('accept') && (
        <Button size="sm" onClick={() => act('accept')}>
          Accept
        </Button>
      )}
      {can('reject') && (
        <Button size="sm" variant="outline" onClick={() => act('reject')}>
          Reject
        </Button>
      )}
      {can('acceptOriginal') && c.service && (
        <Button
          size="sm"
          variant="outline"
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
        <Button size="sm" onClick={() => act('start')}>
          Start Service
        </Button>
      )}
      {can('complete') && (
        <Button size="sm" onClick={() => act('complete')}>
          Mark Complete
        </Button>
      )}
      {can('review') && <ReviewDialog conversationId={c.id} providerName={displayName(c.other)} />}
      <Button asChild size="sm" variant="ghost" className="ml-auto">
        <Link to={`/conversations/${c.id}`}>Progress</Link>
      </Button>
    </div>
  );
}
