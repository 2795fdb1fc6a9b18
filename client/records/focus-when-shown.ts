/** Focusing an element that may not be drawn yet (a tab still loading). */

/**
 * Focuses the first element under `root` matching `selector` once it is drawn, at
 * most `withinMs` from now; answers the way to stop waiting.
 */
export function focusWhenShown(root: HTMLElement, selector: string, withinMs: number): () => void {
  let observer: MutationObserver | undefined;
  const focused = () => {
    const element = root.querySelector<HTMLElement>(selector);
    element?.focus();
    return element !== null;
  };
  const start = setTimeout(() => {
    if (focused()) return;
    observer = new MutationObserver(() => {
      if (focused()) observer?.disconnect();
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true });
  }, 0);
  const giveUp = setTimeout(() => observer?.disconnect(), withinMs);
  return () => {
    clearTimeout(start);
    clearTimeout(giveUp);
    observer?.disconnect();
  };
}
