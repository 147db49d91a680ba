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

/** The category's icon in its colour; "Other" for unknown categories. */
export function CategoryIcon({ categoryId, className }: { categoryId: string | null | undefined; className?: string }) {
  const category = categoryOf(categoryId);
  const Icon = ICONS[category?.icon ?? 'sparkles'] ?? Sparkles;
  return <Icon className={className} style={{ color: category?.color ?? '#6b7280' }} aria-hidden />;
}
