import {
  Briefcase,
  Brush,
  Camera,
  Code,
  DraftingCompass,
  Gamepad2,
  GraduationCap,
  HeartPulse,
  Languages,
  Megaphone,
  Music,
  Palette,
  PenLine,
  Shirt,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { SERVICE_CATEGORIES } from '../../../domain/categories';

const ICONS: Record<string, LucideIcon> = {
  code: Code,
  palette: Palette,
  'pen-line': PenLine,
  megaphone: Megaphone,
  'gamepad-2': Gamepad2,
  'graduation-cap': GraduationCap,
  camera: Camera,
  music: Music,
  languages: Languages,
  'heart-pulse': HeartPulse,
  shirt: Shirt,
  briefcase: Briefcase,
  brush: Brush,
  'drafting-compass': DraftingCompass,
  sparkles: Sparkles,
};

export function categoryOf(id: string | null | undefined) {
  return SERVICE_CATEGORIES.find((c) => c.id === id) ?? null;
}

const OTHER = SERVICE_CATEGORIES.find((c) => c.icon === 'sparkles')!;

/** The icon and colour a category is drawn with (src/domain/categories.ts); "Other"'s for unknown categories. */
export function categoryLook(categoryId: string | null | undefined): { Icon: LucideIcon; color: string } {
  const category = categoryOf(categoryId) ?? OTHER;
  return { Icon: ICONS[category.icon] ?? Sparkles, color: category.color };
}

/** The category's icon in its colour; "Other" for unknown categories. */
export function CategoryIcon({ categoryId, className }: { categoryId: string | null | undefined; className?: string }) {
  const { Icon, color } = categoryLook(categoryId);
  return <Icon className={className} style={{ color }} aria-hidden />;
}
