/**
 * Why the last session ended, kept for the sign-in page that follows (this tab
 * only): an automatic sign-out leaves its reason, the public pages show it once.
 */
const KEY = "signed-out-notice";

/** Remembers the text the next public page shows. */
export function rememberSignOutNotice(text: string | undefined): void {
  if (!text) return;
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    // Storage refused: the sign-in page simply gives no reason.
  }
}

/** The remembered text, if any. */
export function readSignOutNotice(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the remembered text once it has been shown. */
export function forgetSignOutNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
