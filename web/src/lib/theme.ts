import { useCallback, useSyncExternalStore } from 'react';

/** Same key and values as /theme-init.js, which applies the theme before the first paint. */
const STORAGE_KEY = 'meridian-theme';
export type ThemePreference = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function resolve(preference: ThemePreference): Theme {
  if (preference !== 'system') return preference;
  return darkQuery().matches ? 'dark' : 'light';
}

function apply(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  // While the preference is "system", follow the OS when it switches.
  const onSystemChange = () => {
    if (readPreference() === 'system') {
      apply(resolve('system'));
      listener();
    }
  };
  const query = darkQuery();
  query.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', onSystemChange);
  };
}

export function setThemePreference(preference: ThemePreference) {
  try {
    if (preference === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Storage blocked: the switch still applies for this page view.
  }
  apply(resolve(preference));
  notify();
}

const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** The theme on screen and a toggle that pins the other one (persisted in localStorage). */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const toggle = useCallback(() => setThemePreference(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
