/**
 * The light and dark theme: remembered in local storage under `theme`, falling back
 * to the system preference, applied as `data-theme` on <html>.
 */
import { useCallback, useState } from "react";

/** A theme. */
export type Theme = "light" | "dark";

const THEME_KEY = "theme";

/** The remembered theme, else the system's preference. */
export function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    if (stored === "light" || stored === "dark") return stored;
  } catch {
    // Storage can be unavailable (privacy mode); the system preference still applies.
  }
  return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Applies a theme to the document and remembers it. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not remembered, but still applied.
  }
}

/** The current theme and a toggle between light and dark. */
export function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(() =>
    (document.documentElement.dataset.theme as Theme) || readTheme()
  );
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === "dark" ? "light" : "dark";
      applyTheme(next);
      return next;
    });
  }, []);
  return [theme, toggle];
}
