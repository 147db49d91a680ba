import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  parseTheme,
  resolveTheme,
  SIGNED_OUT_THEME,
  THEME_STORAGE_KEY,
  THEME_SWITCH_OVERLAY_MS,
  themeOnSignIn,
  type Theme,
} from '../../domain/theme';

interface ThemeState {
  theme: Theme;
  resolved: 'light' | 'dark';
  /** Changes the theme behind a short "Switching to … Mode" overlay. */
  setTheme(theme: Theme): void;
  applySignIn(): void;
  applySignOut(): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function readSavedTheme(): Theme | null {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

// On the server neither storage nor media queries exist: it renders what does not depend on the theme (top-bar.tsx).
const prefersDark = () =>
  typeof window !== 'undefined' && (window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(() => readSavedTheme() ?? SIGNED_OUT_THEME);
  const [systemDark, setSystemDark] = useState(prefersDark);
  const [overlay, setOverlay] = useState<'light' | 'dark' | null>(null);
  const resolved = resolveTheme(theme, systemDark);

  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    const listener = () => setSystemDark(media.matches);
    media?.addEventListener('change', listener);
    return () => media?.removeEventListener('change', listener);
  }, []);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
  }, [resolved]);

  const commit = useCallback(
    (next: Theme, withOverlay: boolean) => {
      localStorage.setItem(THEME_STORAGE_KEY, next);
      const nextResolved = resolveTheme(next, prefersDark());
      if (!withOverlay || nextResolved === resolveTheme(theme, prefersDark())) {
        setThemeState(next);
        return;
      }
      setOverlay(nextResolved);
      setTimeout(() => {
        setThemeState(next);
        setOverlay(null);
      }, THEME_SWITCH_OVERLAY_MS);
    },
    [theme],
  );

  const value = useMemo<ThemeState>(
    () => ({
      theme,
      resolved,
      setTheme: (next) => commit(next, true),
      applySignIn: () => commit(themeOnSignIn(readSavedTheme()), false),
      applySignOut: () => commit(SIGNED_OUT_THEME, false),
    }),
    [theme, resolved, commit],
  );

  return (
    <ThemeContext.Provider value={value}>
      {children}
      {overlay && (
        <div
          role="status"
          className="fixed inset-0 z-[100] flex items-center justify-center bg-background/80 backdrop-blur-sm"
        >
          <p className="text-lg font-medium">Switching to {overlay === 'dark' ? 'Dark' : 'Light'} Mode</p>
        </div>
      )}
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme outside ThemeProvider');
  return state;
}
