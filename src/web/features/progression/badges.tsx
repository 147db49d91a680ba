import { Award, Lock } from 'lucide-react';
import { BADGE_CATEGORIES, BADGE_COUNT, BADGES, type BadgeDefinition } from '../../../domain/progression/badges';
import { BADGE_DIALOG_TEXTS, PROGRESS_TEXTS } from '../../../domain/progression/texts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { Tabs, TabsContent, TabsList } from '../../ui/tabs';
import { cn } from '../../lib/cn';
import { BadgeIcon } from './badge-icon';
import { earnedBadgeCount, knownEarnedBadges, type EarnedBadge } from './earned-badges';

/**
 * The earned badges with icon, name and rarity, and the all-badges dialog. `limit` keeps the profile's card short
 * (newest first); the dialog lists them all. Without badges (`null`: not loaded) it says `placeholder` instead.
 */
export function BadgeCollectionCard({
  badges,
  placeholder,
  limit,
  className,
}: {
  badges: readonly EarnedBadge[] | null;
  placeholder?: string;
  limit?: number;
  className?: string;
}) {
  const earned = knownEarnedBadges(badges ?? []);
  const shown = limit === undefined ? earned : earned.slice(0, limit);
  return (
    <Card className={cn('flex flex-col', className)} data-testid="badge-collection">
      <CardHeader className="flex-row items-center gap-2">
        <Award className="h-5 w-5 text-amber-500" aria-hidden />
        <CardTitle className="text-base">{BADGE_DIALOG_TEXTS.collectionTitle}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        {badges === null ? (
          <p className="text-sm text-muted-foreground">{placeholder}</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PROGRESS_TEXTS.noBadges}</p>
        ) : (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-3" aria-label="Earned badges">
            {shown.map((badge) => (
              <li key={badge.slug} className="flex min-w-0 items-center gap-3">
                <BadgeIcon icon={badge.icon} rarity={badge.rarity} />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{badge.name}</p>
                  <p className="text-xs text-muted-foreground">{BADGE_DIALOG_TEXTS.rarities[badge.rarity]}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {badges !== null && (
        <CardFooter>
          <BadgesDialog badges={badges} />
        </CardFooter>
      )}
    </Card>
  );
}

const TABS = [
  { value: 'all', label: BADGE_DIALOG_TEXTS.allTab },
  ...BADGE_CATEGORIES.map((c) => ({ value: c, label: BADGE_DIALOG_TEXTS.categoryTabs[c] })),
] as const;

/** All 37 badges by category (spec 1 section 2): earned ones in colour, locked ones grey with what earns them. */
export function BadgesDialog({ badges }: { badges: readonly EarnedBadge[] }) {
  const earned = new Set(badges.map((b) => b.slug));
  const earnedCount = earnedBadgeCount(badges);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          {BADGE_DIALOG_TEXTS.open}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={BADGE_DIALOG_TEXTS.title}
        description={BADGE_DIALOG_TEXTS.earnedCount(earnedCount, BADGE_COUNT)}
        className="max-w-2xl"
      >
        <Tabs defaultValue="all">
          <TabsList label="Badge categories" tabs={TABS} />
          {TABS.map((tab) => {
            const list = tab.value === 'all' ? BADGES : BADGES.filter((b) => b.category === tab.value);
            return (
              <TabsContent key={tab.value} value={tab.value} className="pt-4 focus-visible:outline-none">
                <ul className="grid gap-3 sm:grid-cols-2">
                  {list.map((badge) => (
                    <BadgeTile key={badge.slug} badge={badge} earned={earned.has(badge.slug)} />
                  ))}
                </ul>
              </TabsContent>
            );
          })}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function BadgeTile({ badge, earned }: { badge: BadgeDefinition; earned: boolean }) {
  return (
    <li
      data-testid="badge-tile"
      data-earned={earned}
      className={cn('flex items-start gap-3 rounded-lg border p-3', earned ? 'bg-card' : 'border-dashed bg-muted/40')}
    >
      <BadgeIcon icon={badge.icon} rarity={badge.rarity} locked={!earned} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2">
          <p className="font-medium">{badge.name}</p>
          <span className="text-xs text-muted-foreground">{BADGE_DIALOG_TEXTS.rarities[badge.rarity]}</span>
        </div>
        <p className="text-sm text-muted-foreground">{earned ? badge.description : badge.requirement}</p>
        <p
          className={cn(
            'mt-1 inline-flex items-center gap-1 text-xs font-semibold',
            earned ? 'text-green-700 dark:text-green-400' : 'text-muted-foreground',
          )}
        >
          {!earned && <Lock className="h-3 w-3" aria-hidden />}
          {earned ? BADGE_DIALOG_TEXTS.earned : BADGE_DIALOG_TEXTS.locked}
        </p>
      </div>
    </li>
  );
}
