/**
 * The file name a download answer gives itself (`Content-Disposition`): the
 * RFC 6266 `filename*` (UTF-8, percent-encoded) when present, else `filename`.
 * Path separators and control characters never reach the saved file's name.
 */

/** The file name of a `Content-Disposition` header, or null when it names none. */
export function dispositionFileName(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, "$1") : plain[1].trim();
  }
  // deno-lint-ignore no-control-regex
  const safe = name?.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim();
  return safe ? safe : null;
}
