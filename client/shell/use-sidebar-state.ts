/**
 * The sidebar's remembered state, under the spec's local storage keys: the icon
 * rail (`sidebar-collapsed`), favourites (`sidebar-favorites`), recently opened
 * items (`sidebar-recent`, newest first) and collapsed categories
 * (`sidebar-collapsed-categories`).
 */
import { useCallback } from "react";
import { isBoolean, isStringList, useStoredState } from "./use-stored-state.ts";

/** The sidebar's remembered state and its updates. */
export function useSidebarState(recentKept: number) {
  const [collapsed, setCollapsed] = useStoredState("sidebar-collapsed", false, isBoolean);
  const [favorites, setFavorites] = useStoredState<string[]>("sidebar-favorites", [], isStringList);
  const [recent, setRecent] = useStoredState<string[]>("sidebar-recent", [], isStringList);
  const [closedCategories, setClosedCategories] = useStoredState<string[]>(
    "sidebar-collapsed-categories",
    [],
    isStringList,
  );

  const toggleFavorite = useCallback((id: string) => {
    setFavorites((all) => all.includes(id) ? all.filter((f) => f !== id) : [...all, id]);
  }, [setFavorites]);

  const recordVisit = useCallback((id: string) => {
    setRecent((all) =>
      all[0] === id ? all : [id, ...all.filter((r) => r !== id)].slice(0, recentKept)
    );
  }, [setRecent, recentKept]);

  const toggleCategory = useCallback((name: string) => {
    setClosedCategories((all) =>
      all.includes(name) ? all.filter((c) => c !== name) : [...all, name]
    );
  }, [setClosedCategories]);

  return {
    collapsed,
    setCollapsed,
    favorites,
    toggleFavorite,
    recent,
    recordVisit,
    closedCategories,
    setClosedCategories,
    toggleCategory,
  };
}

/** The sidebar state as returned by useSidebarState. */
export type SidebarState = ReturnType<typeof useSidebarState>;
