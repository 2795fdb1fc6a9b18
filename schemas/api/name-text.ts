/**
 * Names people read: of an organisation, a person, a role, a client, a record (its
 * title). A name is one line of text shown in lists, headers, mails and other
 * people's screens, so it holds no control character: no C0 or C1 control (tab,
 * line break, NUL, escape…), no DEL, no line or paragraph separator, and no Unicode
 * bidirectional control (U+202E "right-to-left override" and its kin make
 * `Invoice\u202Efdp.exe` read as something else; Trojan Source, CVE-2021-42574). Joiners
 * (U+200C, U+200D) stay allowed: scripts and emoji need them. Every request schema
 * takes its name fields from `nameText`, and the record engine checks a type's title
 * and naming fields with `nameTextProblem`, so a name is refused alike wherever it
 * is typed.
 */
import { z } from "zod";

/** The characters a name may not hold: control characters are the point. */
// deno-lint-ignore no-control-regex
const CONTROL_CHARACTERS = new RegExp(
  "[\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]",
);

/** What a name holding a control character is told. */
export const NAME_CONTROL_MESSAGE =
  "Must not contain control characters (line breaks, tabs or text direction controls)";

/** Why `text` is not a name, or undefined when it is one. */
export function nameTextProblem(text: string): string | undefined {
  return CONTROL_CHARACTERS.test(text) ? NAME_CONTROL_MESSAGE : undefined;
}

/**
 * A name field of a request: trimmed, `min`..`max` characters (with the message
 * for too short), and no control character.
 */
export function nameText(options: { max: number; min?: number; required?: string }) {
  const base = z.string().trim();
  const sized = (options.min ?? 0) > 0
    ? base.min(options.min!, options.required ?? "Required")
    : base;
  return sized.max(options.max).refine((text) => !CONTROL_CHARACTERS.test(text), {
    message: NAME_CONTROL_MESSAGE,
  });
}
