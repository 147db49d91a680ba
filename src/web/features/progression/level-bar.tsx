import { PROGRESS_TEXTS } from '../../../domain/progression/texts';
import { ProgressBar } from '../../ui/progress-bar';
import type { Progress } from './progress-cache';

/** The bar toward the next level and its XP line, as the Level card and the profile's progress card show them. */
export function LevelBar({
  progress,
}: {
  progress: Pick<Progress, 'xp' | 'level' | 'progressPercent' | 'nextLevelXp'>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <ProgressBar
        value={progress.progressPercent}
        label={`XP toward ${PROGRESS_TEXTS.levelNumber(progress.level + 1)}`}
      />
      <p className="text-sm text-muted-foreground" data-testid="level-xp">
        {PROGRESS_TEXTS.levelXp(progress.xp, progress.nextLevelXp)}
      </p>
    </div>
  );
}
