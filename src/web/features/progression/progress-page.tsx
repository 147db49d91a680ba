import { CircleCheck, Flame, Trophy, Award } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { BADGE_COUNT } from '../../../domain/progression/badges';
import { BADGE_DIALOG_TEXTS, PROGRESS_TEXTS } from '../../../domain/progression/texts';
import { MESSAGE_XP_HELP } from '../../../domain/progression/xp';
import { signInPathFor } from '../../../domain/redirect';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { PageContainer, PageMessage } from '../../ui/page';
import { ProgressBar } from '../../ui/progress-bar';
import { useSession } from '../accounts/api';
import { useProgress } from './api';
import { BadgeCollectionCard } from './badges';
import { earnedBadgeCount } from './earned-badges';
import { LevelBar } from './level-bar';
import type { Progress, ProgressQuest } from './progress-cache';

/** /progress (spec 1 section 2): level, streak, badges and quests of the signed-in user. */
export function ProgressPage() {
  const { account } = useSession();
  if (!account) {
    return (
      <PageMessage>
        <h1 className="text-xl font-semibold">{PROGRESS_TEXTS.signIn}</h1>
        <Button asChild>
          <Link to={signInPathFor('/progress')}>Log In</Link>
        </Button>
      </PageMessage>
    );
  }
  return <SignedInProgress />;
}

function SignedInProgress() {
  const progress = useProgress();
  const failedAt = progress.isError ? progress.errorUpdatedAt : 0;
  useEffect(() => {
    // One toast per failed load (sonner merges by id if Try Again fails again at once).
    if (failedAt) toast.error(PROGRESS_TEXTS.loadFailed, { id: 'progress-load-failed' });
  }, [failedAt]);

  if (progress.isPending) {
    return (
      <PageMessage>
        <div className="h-8 w-8 animate-spin rounded-full border-4 border-primary border-t-transparent" aria-hidden />
        <p role="status">{PROGRESS_TEXTS.loading}</p>
      </PageMessage>
    );
  }
  if (progress.isError) {
    return (
      <PageMessage>
        <div role="alert" className="flex flex-col items-center gap-2">
          <h1 className="text-2xl font-bold">{PROGRESS_TEXTS.failed}</h1>
          <p className="text-muted-foreground">{PROGRESS_TEXTS.loadFailed}</p>
        </div>
        <Button onClick={() => progress.refetch()} disabled={progress.isFetching}>
          {PROGRESS_TEXTS.tryAgain}
        </Button>
      </PageMessage>
    );
  }
  const data = progress.data;
  const earnedBadges = earnedBadgeCount(data.badges);
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold">{PROGRESS_TEXTS.title}</h1>
      <div className="grid gap-4 md:grid-cols-3">
        <LevelCard progress={data} />
        <StatCard title={PROGRESS_TEXTS.streakCard} icon={<Flame className="h-5 w-5 text-orange-500" aria-hidden />}>
          <p className="text-3xl font-bold">{data.streak}</p>
          <p className="text-sm text-muted-foreground" data-testid="streak-text">
            {data.streak === 0 ? PROGRESS_TEXTS.streakZero : PROGRESS_TEXTS.streakDays(data.streak)}
          </p>
        </StatCard>
        <StatCard title={PROGRESS_TEXTS.badgesCard} icon={<Award className="h-5 w-5 text-amber-500" aria-hidden />}>
          <p className="text-3xl font-bold">{earnedBadges}</p>
          <p className="text-sm text-muted-foreground">{BADGE_DIALOG_TEXTS.earnedCount(earnedBadges, BADGE_COUNT)}</p>
        </StatCard>
      </div>
      <BadgeCollectionCard badges={data.badges} />
      <QuestList quests={data.quests} completed={data.questsCompleted} />
    </PageContainer>
  );
}

function LevelCard({ progress }: { progress: Progress }) {
  return (
    <StatCard title={PROGRESS_TEXTS.levelCard} icon={<Trophy className="h-5 w-5 text-amber-500" aria-hidden />}>
      <p className="text-3xl font-bold" data-testid="level-number">
        {progress.level}
      </p>
      <p className="font-medium">{progress.levelTitle}</p>
      <LevelBar progress={progress} />
      <p className="text-xs text-muted-foreground">{MESSAGE_XP_HELP}</p>
    </StatCard>
  );
}

function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2 pb-3">
        {icon}
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">{children}</CardContent>
    </Card>
  );
}

function QuestList({ quests, completed }: { quests: readonly ProgressQuest[]; completed: number }) {
  return (
    <section aria-labelledby="quests-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="quests-heading" className="text-2xl font-semibold">
          {PROGRESS_TEXTS.quests}
        </h2>
        <Badge variant="outline" data-testid="quests-completed">
          {PROGRESS_TEXTS.questsCompleted(completed, quests.length)}
        </Badge>
      </div>
      {quests.length === 0 ? (
        <p className="text-muted-foreground">{PROGRESS_TEXTS.noQuests}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {quests.map((quest) => (
            <QuestCard key={quest.slug} quest={quest} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QuestCard({ quest }: { quest: ProgressQuest }) {
  return (
    <li>
      <Card className="h-full" data-testid="quest-card" data-quest={quest.slug}>
        <CardContent className="flex h-full flex-col gap-3 pt-6">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="font-semibold">{quest.title}</h3>
            <div className="flex flex-wrap gap-1">
              <Badge variant="gold">{PROGRESS_TEXTS.questXp(quest.xp)}</Badge>
              {quest.minLevel > 0 && <Badge variant="outline">{PROGRESS_TEXTS.levelRequired(quest.minLevel)}</Badge>}
            </div>
          </div>
          <p className="flex-1 text-sm text-muted-foreground">{quest.description}</p>
          <div className="flex flex-col gap-1.5">
            <div className="flex justify-between text-sm">
              <span>{PROGRESS_TEXTS.questProgress(quest.current, quest.target)}</span>
              <span className="text-muted-foreground">{quest.percent}%</span>
            </div>
            <ProgressBar value={quest.percent} label={`${quest.title} progress`} />
          </div>
          {quest.completed ? (
            <Badge variant="success" className="self-start">
              <CircleCheck className="h-3.5 w-3.5" aria-hidden />
              {PROGRESS_TEXTS.completed}
            </Badge>
          ) : (
            <Badge variant="outline" className="self-start">
              {PROGRESS_TEXTS.inProgress}
            </Badge>
          )}
        </CardContent>
      </Card>
    </li>
  );
}
