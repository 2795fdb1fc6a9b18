/**
 * Opens the command palette: Ctrl+K (⌘K on a Mac) anywhere, and "/" while the
 * sidebar is an icon rail or a closed drawer (the open sidebar's own search box
 * takes "/" otherwise). The palette itself loads on first use.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { isTyping } from "./sidebar-search.tsx";

function loadPalette() {
  return import("./command-palette.tsx");
}

const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));

/** Props of the palette host. */
export interface PaletteHostProps {
  sidebar: ShellDescriptor["sidebar"];
  /** The sidebar shows no search box (rail or closed drawer). */
  searchHidden: boolean;
}

/** The command palette and its keyboard shortcuts. */
export function PaletteHost({ sidebar, searchHidden }: PaletteHostProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const items = useMemo(() => sidebar.categories.flatMap((c) => c.items), [sidebar.categories]);
  // What is typed between the shortcut and the palette's search box taking focus
  // (while its code loads) is not lost: the box starts with it.
  const typedEarly = useRef("");
  const opening = useRef(false);
  const shown = useRef(open);
  shown.current = open;
  const takeTyped = () => {
    opening.current = false;
    const typed = typedEarly.current;
    typedEarly.current = "";
    return typed;
  };

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (opening.current) {
        // Escape before the palette has the keyboard closes it, as it would after.
        if (event.key === "Escape") {
          event.preventDefault();
          takeTyped();
          setOpen(false);
          return;
        }
        const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey &&
          !event.altKey;
        if (printable && !isTyping(event.target)) {
          event.preventDefault();
          typedEarly.current += event.key;
        }
        return;
      }
      if (event.key === "Control" || event.key === "Meta") void loadPalette();
      const palette = (event.ctrlKey || event.metaKey) && !event.altKey &&
        event.key.toLowerCase() === "k";
      const slash = event.key === "/" && searchHidden && !event.ctrlKey && !event.metaKey &&
        !event.altKey && !isTyping(event.target);
      if (!palette && !slash) return;
      event.preventDefault();
      if (shown.current) return;
      typedEarly.current = "";
      opening.current = true;
      setOpen(true);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [searchHidden]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette
        items={items}
        scoring={sidebar.search}
        placeholder={sidebar.searchPlaceholder}
        noResultsText={sidebar.noResultsText}
        takeTyped={takeTyped}
        onClose={() => setOpen(false)}
        onOpen={(item) => {
          setOpen(false);
          void navigate(item.path);
        }}
        onGo={(to) => {
          setOpen(false);
          void navigate(to);
        }}
      />
    </Suspense>
  );
}
