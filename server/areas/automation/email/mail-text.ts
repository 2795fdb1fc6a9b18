/**
 * The two versions every mail carries: the plain text of an HTML body (tags
 * dropped, blocks and breaks as line breaks, entities read back, links kept
 * as their address), and the HTML of a plain-text body (escaped, paragraphs
 * and line breaks kept).
 */

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function unescaped(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X"
        ? parseInt(code.slice(2), 16)
        : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The plain text of an HTML body. */
export function textOfHtml(html: string): string {
  const text = html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_w, href, label) => {
      const words = label.replace(/<[^>]*>/g, "").trim();
      return words === "" || words === href ? href : `${words} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote)\s*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "");
  return unescaped(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The HTML of a plain-text body: each paragraph a `<p>`, each line break a `<br>`. */
export function htmlOfText(text: string): string {
  return text.trim().split(/\n\s*\n/)
    .map((paragraph) => `<p>${escaped(paragraph.trim()).replace(/\n/g, "<br>\n")}</p>`)
    .join("\n");
}
