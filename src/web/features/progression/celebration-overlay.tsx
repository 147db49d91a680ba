import { Award, Star, Trophy } from 'lucide-react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { badgeDefinition } from '../../../domain/progression/badges';
import { levelTitle } from '../../../domain/progression/levels';
import { CELEBRATION_TEXTS } from '../../../domain/progression/texts';
import { BadgeIcon } from './badge-icon';
import { celebrations, type Celebration } from './celebrations';

/**
 * The celebration overlay, mounted once in the shell: the current celebration as a card near the top of the screen.
 * It does not cover or block the page (no backdrop), takes no focus (a user typing keeps typing), and is announced
 * politely. A tap or click closes it, as do Escape, and Enter while nothing else has focus. Its bounce runs twice,
 * not forever: reduced motion turns it off, and nothing waiting for the page's animations to end waits forever.
 * Pointing at it or focusing its button keeps it up (the queue's hold).
 */
export function CelebrationOverlay() {
  const current = useSyncExternalStore(celebrations.subscribe, celebrations.current, () => null);

  useEffect(() => {
    if (!current) return;
    const onKey = (event: KeyboardEvent) => {
      const idle = document.activeElement === null || document.activeElement === document.body;
      if (event.key === 'Escape' || (event.key === 'Enter' && idle)) celebrations.dismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current]);

  return (
    // The live region stays mounted so screen readers hear each new celebration as it appears.
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex justify-center px-4"
    >
      {current && (
        // The whole card closes on a tap; the button inside is the same for keyboards and screen readers, and keeps
        // the card's texts out of every button's name on the page.
        <div
          key={current.id}
          onClick={() => celebrations.dismiss()}
          onPointerEnter={() => celebrations.hold('pointer')}
          onPointerLeave={() => celebrations.release('pointer')}
          onFocus={() => celebrations.hold('focus')}
          onBlur={() => celebrations.release('focus')}
          data-testid="celebration"
          data-kind={current.kind}
          className="pointer-events-auto flex w-full max-w-sm cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-amber-400 bg-card p-6 text-center text-foreground shadow-2xl transition-[opacity,scale] duration-300 starting:scale-75 starting:opacity-0 motion-reduce:transition-none"
        >
          <CelebrationBody celebration={current} />
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              celebrations.dismiss();
            }}
            className="rounded text-xs text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {CELEBRATION_TEXTS.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}

/** The icon's bounce: twice, then still (and none at all with reduced motion). */
const BOUNCE = 'motion-safe:animate-bounce motion-safe:[animation-iteration-count:2]';

/** What one celebration says, in the one layout below: icon, title, a name line and a detail under it. */
interface CelebrationContent {
  icon: ReactNode;
  title: string;
  titleClassName: string;
  name?: string;
  nameClassName: string;
  detail?: ReactNode;
}

function contentOf(celebration: Celebration): CelebrationContent {
  switch (celebration.kind) {
    case 'badge': {
      const badge = badgeDefinition(celebration.slug);
      return {
        icon: badge ? (
          <BadgeIcon icon={badge.icon} rarity={badge.rarity} className={`h-16 w-16 ${BOUNCE}`} />
        ) : (
          <Award className={`h-12 w-12 text-amber-500 ${BOUNCE}`} aria-hidden />
        ),
        title: CELEBRATION_TEXTS.badge,
        titleClassName: 'text-2xl font-bold',
        // A badge this build does not know still celebrates, without a name it could not give.
        name: badge?.name,
        nameClassName: 'text-lg font-medium',
        detail: badge && <span className="text-sm text-muted-foreground">{badge.description}</span>,
      };
    }
    case 'quest':
      return {
        icon: <Star className={`h-12 w-12 fill-amber-400 text-amber-500 ${BOUNCE}`} aria-hidden />,
        title: CELEBRATION_TEXTS.quest,
        titleClassName: 'text-2xl font-bold',
        name: celebration.title,
        nameClassName: 'text-lg font-medium',
        detail: (
          <span className="rounded-full bg-amber-400 px-3 py-1 text-sm font-bold text-amber-950">
            {CELEBRATION_TEXTS.questXp(celebration.xp)}
          </span>
        ),
      };
    case 'levelUp':
      return {
        icon: <Trophy className={`h-14 w-14 text-amber-500 ${BOUNCE}`} aria-hidden />,
        title: CELEBRATION_TEXTS.levelUp,
        titleClassName: 'text-3xl font-extrabold tracking-wide',
        name: CELEBRATION_TEXTS.newLevel(celebration.level),
        nameClassName: 'text-xl font-semibold',
        detail: <span className="text-sm text-muted-foreground">{levelTitle(celebration.level)}</span>,
      };
  }
}

function CelebrationBody({ celebration }: { celebration: Celebration }) {
  const { icon, title, titleClassName, name, nameClassName, detail } = contentOf(celebration);
  return (
    <>
      {icon}
      <span className={titleClassName}>{title}</span>
      {name && <span className={nameClassName}>{name}</span>}
      {detail}
    </>
  );
}
