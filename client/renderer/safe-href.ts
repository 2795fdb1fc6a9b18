/** Which link targets descriptors may use: app paths, http(s), mail and phone links. */

/** True for an app-internal path ("/app/leads", "?tab=2"). */
export function isInternalHref(href: string): boolean {
  return (href.startsWith("/") && !href.startsWith("//")) || href.startsWith("?") ||
    href.startsWith("#");
}

/** True for a target that cannot run script (no `javascript:` or `data:`). */
export function isSafeHref(href: string): boolean {
  return isInternalHref(href) || /^(https?:|mailto:|tel:)/i.test(href);
}
