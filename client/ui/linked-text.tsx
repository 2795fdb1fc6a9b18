/**
 * A text whose web addresses are links, such as a mail's text with its invitation
 * or reset link. Only http(s) addresses become links; the rest stays text (React
 * escapes it). Punctuation that ends a sentence is not taken into the address.
 */
import { Fragment } from "react";

const ADDRESS = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** `text` with each web address as a link to it. */
export function LinkedText({ text }: { text: string }) {
  const parts: (string | { href: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = match[0].replace(TRAILING, "");
    parts.push(text.slice(at, match.index), { href });
    at = match.index + href.length;
  }
  parts.push(text.slice(at));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? <Fragment key={i}>{part}</Fragment> : (
          <a
            key={i}
            href={part.href}
            // Another site's address opens without handing it this page.
            rel={new URL(part.href).origin === location.origin ? undefined : "noopener noreferrer"}
          >
            {part.href}
          </a>
        )
      )}
    </>
  );
}
