import { Flame, Trophy } from 'lucide-react';
import { PROGRESS_TEXTS } from '../../../domain/progression/texts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { useProgress } from './api';
import { BadgeCollectionCard } from './badges';
import { LevelBar } from './level-bar';

/** The profile's card shows the newest earned badges; the dialog has them all. */
const PROFILE_BADGES_SHOWN = 6;

/** My Profile's progress stats (level, XP bar, streak), kept current by the shell's live subscription. */
export function ProgressStatsCard() {
  const progress = useProgress();
  return (
    <Card data-testid="progress-stats">
      <CardHeader className="flex-row items-center gap-2">
        <Trophy className="h-5 w-5 text-amber-500" aria-hidden />
        <CardTitle className="text-base">{PROGRESS_TEXTS.profileCard}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {progress.isPending ? (
          <p role="status" className="text-muted-foreground">
            {PROGRESS_TEXTS.loading}
          </p>
        ) : progress.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>{PROGRESS_TEXTS.loadFailed}</p>
            <Button size="sm" variant="outline" onClick={() => progress.refetch()}>
              {PROGRESS_TEXTS.tryAgain}
            </Button>
          </div>
        ) : (
          <>
            <p>
              <span className="text-lg font-semibold">{PROGRESS_TEXTS.levelNumber(progress.data.level)}</span>{' '}
              <span className="text-muted-foreground">{progress.data.levelTitle}</span>
            </p>
            <LevelBar progress={progress.data} />
            <p className="flex items-center gap-2">
              <Flame className="h-4 w-4 text-orange-500" aria-hidden />
              {progress.data.streak === 0 ? PROGRESS_TEXTS.streakZero : PROGRESS_TEXTS.streakDays(progress.data.streak)}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** My Profile's badge collection: the newest earned badges and the all-badges dialog. */
export function ProfileBadgesCard() {
  const progress = useProgress();
  // The progress card beside it offers Try Again after a failure; this one says what it is waiting for.
  return (
    <BadgeCollectionCard
      badges={progress.data?.badges ?? null}
      placeholder={progress.isError ? PROGRESS_TEXTS.loadFailed : PROGRESS_TEXTS.loading}
      limit={PROFILE_BADGES_SHOWN}
    />
  );
}
