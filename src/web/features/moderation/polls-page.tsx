import { Ban, Vote } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { formatTimeRemaining, isPollOpen, POLL_MESSAGES, voteRefusal, type VoteRefusal } from '../../../domain/polls';
import { signInPathFor } from '../../../domain/redirect';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useCastVote, usePollEvents, usePolls } from './api';
import { serverClockOffset, type PollView } from './polls-cache';

const TYPE_LABELS = { service_deletion: 'Service removal', user_ban: 'User ban' } as const;
const SUBJECT_LABELS = { service_deletion: 'Service', user_ban: 'User' } as const;

/**
 * The server's clock the remaining times are read against (this device's, moved by the offset the last answer
 * measured), moved on every minute (they show hours).
 */
function useServerMinuteClock(offsetMs: number) {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return new Date(tick + offsetMs);
}

/** /polls (spec 2 section 2): the community polls, for signed-in members; visitors go to sign in. */
export function PollsPage() {
  const { account, isLoading } = useSession();
  const signedIn = Boolean(account);
  const polls = usePolls(signedIn);
  usePollEvents(signedIn);
  const now = useServerMinuteClock(polls.data ? serverClockOffset(polls.data) : 0);

  if (isLoading) return null;
  if (!account) return <Navigate to={signInPathFor('/polls')} replace />;

  return (
    <PageContainer width="narrow">
      <div>
        <h1 className="text-3xl font-bold">Community Polls</h1>
        <p className="mt-2 text-muted-foreground">Vote on community moderation polls. One vote per poll.</p>
      </div>
      {polls.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading polls…
        </p>
      ) : polls.isError ? (
        <p role="alert" className="text-destructive">
          {POLL_MESSAGES.loadFailed}
        </p>
      ) : polls.data.polls.length === 0 ? (
        <p className="text-muted-foreground">{POLL_MESSAGES.noPolls}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Active polls">
          {polls.data.polls.map((poll) => (
            <li key={poll.id}>
              <PollCard poll={poll} now={now} refusal={voteRefusal(poll, polls.data.voter)} />
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}

/** One poll; a member the server would refuse (the subject, an account newer than the poll) reads why, not buttons. */
function PollCard({ poll, now, refusal }: { poll: PollView; now: Date; refusal: VoteRefusal | null }) {
  const vote = useCastVote();
  const open = isPollOpen({ isActive: true, expiresAt: poll.expiresAt }, now);
  const headingId = `poll-${poll.id}-title`;
  return (
    <Card className="flex flex-col gap-3 p-4" aria-labelledby={headingId} data-testid="poll-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={poll.pollType === 'user_ban' ? 'destructive' : 'warning'}>{TYPE_LABELS[poll.pollType]}</Badge>
        <span className="text-sm text-muted-foreground">{formatTimeRemaining(poll.expiresAt, now)}</span>
      </div>
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {poll.title}
      </h2>
      <p className="text-sm break-words">
        <span className="font-medium">{SUBJECT_LABELS[poll.pollType]}:</span> {poll.subjectName}
      </p>
      <p className="text-sm break-words whitespace-pre-line">
        <span className="font-medium">Reason:</span> {poll.description}
      </p>
      <p className="flex gap-4 text-sm" aria-live="polite">
        <span data-testid="yes-count">Yes: {poll.yes}</span>
        <span data-testid="no-count">No: {poll.no}</span>
      </p>
      {poll.myVote ? (
        <p className="text-sm font-medium">
          <Vote className="mr-1 inline h-4 w-4" aria-hidden />
          You voted {poll.myVote === 'yes' ? 'Yes' : 'No'}
        </p>
      ) : open && refusal ? (
        <p className="text-sm text-muted-foreground" data-testid="vote-refusal">
          <Ban className="mr-1 inline h-4 w-4" aria-hidden />
          {refusal}
        </p>
      ) : open ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={vote.isPending}
            onClick={() => vote.mutate({ pollId: poll.id, vote: 'yes' })}
            aria-describedby={headingId}
          >
            Vote Yes
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={vote.isPending}
            onClick={() => vote.mutate({ pollId: poll.id, vote: 'no' })}
            aria-describedby={headingId}
          >
            Vote No
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
