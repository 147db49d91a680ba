/** Theme rules of spec 1 section 4 (Auth). */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';
export const THEME_SWITCH_OVERLAY_MS = 150;

export function parseTheme(value: string | null | undefined): Theme | null {
  return THEMES.includes(value as Theme) ? (value as Theme) : null;
}

/** Logged-out visitors get light by default. */
export const SIGNED_OUT_THEME: Theme = 'light';

/** On sign-in the theme becomes the saved non-light theme, or system. */
export function themeOnSignIn(saved: Theme | null): Theme {
  return saved === 'dark' || saved === 'system' ? saved : 'system';
}

export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}
