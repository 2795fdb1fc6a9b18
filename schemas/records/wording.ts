/**
 * How a record type's label reads inside a sentence, for the server's action
 * wording and the browser's result toasts alike: "Expense claim" becomes
 * "expense claim" ("Cancel expense claim", "3 expense claims updated"), while a
 * label starting with an acronym ("CSV import") keeps its capitals.
 */

/** A type's label as a noun inside a sentence. */
export function nounOf(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
