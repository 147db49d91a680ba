import { cn } from '../../lib/cn';
import { categoryLook } from './category-icon';

/**
 * What a service without a picture shows instead: its category's colour as a gradient and its
 * icon, so a grid of new listings reads as a marketplace and not as a wall of grey boxes. Decorative: the card's
 * title and category badge say the same in words.
 */
export function ServiceCover({ categoryId, className }: { categoryId: string | null; className?: string }) {
  const { Icon, color } = categoryLook(categoryId);
  return (
    <div
      aria-hidden
      data-testid="service-cover"
      className={cn('relative flex items-center justify-center overflow-hidden', className)}
      style={{ backgroundImage: `linear-gradient(135deg, ${color}, color-mix(in oklab, ${color} 55%, black))` }}
    >
      <Icon className="absolute -right-6 -bottom-8 h-36 w-36 text-white/15" />
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white/20 ring-1 ring-white/40">
        <Icon className="h-7 w-7 text-white" />
      </span>
    </div>
  );
}
