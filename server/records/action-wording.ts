/**
 * How the product words a record action around its button, derived once from the
 * declaration so that every type, present and future, gets the same convention:
 * the confirmation names the action on its button and the way out on the other
 * ("Cancel invoice" / "Keep invoice", never two "Cancel" buttons), a bulk run
 * names the count ("Submit 12 invoices?"), and the result's toast says what was
 * done ("Invoice INV-2026-00012 submitted"). A declaration may set any of it
 * (`confirm`, `done`); the rest follows from the action's label and the type's.
 */
import type { CustomActionDeclaration, TransitionDeclaration } from "./declaration.ts";
import type { RecordType } from "./define.ts";
import { nounOf } from "../../schemas/records/wording.ts";

/** An action's wording, as the metadata and a record's actions carry it. */
export interface ActionWording {
  id: string;
  label: string;
  comment?: "none" | "optional" | "required";
  /** Taking it needs the person's full name typed as a signature. */
  signature?: "required";
  tone?: "neutral" | "primary" | "danger";
  /** The question asked before the action is taken. */
  confirm?: string;
  /** The confirmation's button that takes the action ("Cancel invoice"). */
  confirm_label: string;
  /** The confirmation's button that leaves the record as it is ("Keep invoice"). */
  keep_label: string;
  /** What the action did, for its result ("cancelled"). */
  done: string;
  /** The question before the action is taken on many records, with `{count}`. */
  bulk_confirm: string;
  /** The button that takes the action on many records, with `{count}`. */
  bulk_label: string;
}

/** Irregular or doubled past participles of verbs the product's labels start with. */
const PARTICIPLES: Readonly<Record<string, string>> = {
  submit: "submitted",
  cancel: "cancelled",
  withdraw: "withdrawn",
  send: "sent",
  pay: "paid",
  set: "set",
  put: "put",
  reset: "reset",
  hold: "held",
  begin: "begun",
  write: "written",
  stop: "stopped",
  plan: "planned",
  ship: "shipped",
  commit: "committed",
  admit: "admitted",
  permit: "permitted",
  transfer: "transferred",
  refer: "referred",
};

/** The past participle of a label's first word, the rest kept ("Mark paid" → "marked paid"). */
export function pastTense(label: string): string {
  const [first, ...rest] = label.trim().split(/\s+/);
  const verb = first.toLowerCase();
  const done = PARTICIPLES[verb] ??
    (verb.endsWith("e")
      ? `${verb}d`
      : /[^aeiou]y$/.test(verb)
      ? `${verb.slice(0, -1)}ied`
      : `${verb}ed`);
  return [done, ...rest.map((w) => w.toLowerCase())].join(" ");
}

/** What a built-in action says of itself; its buttons follow from its label. */
type OwnWording = Pick<ActionWording, "label" | "comment" | "tone" | "confirm" | "done">;

const BUILT_IN: Readonly<Record<string, (thing: string) => OwnWording>> = {
  submit: (thing) => ({
    label: "Submit",
    tone: "primary",
    confirm: `Submit this ${thing}? It can no longer be edited.`,
    done: "submitted",
  }),
  cancel: (thing) => ({
    label: "Cancel",
    tone: "danger",
    comment: "optional",
    confirm: `Cancel this ${thing}? It stays on file, cancelled.`,
    done: "cancelled",
  }),
  amend: () => ({ label: "Amend", tone: "neutral", done: "amended" }),
};

/** The wording of one of the type's workflow, custom or built-in actions. */
export function actionWording(type: RecordType, action: string): ActionWording {
  const declaration = type.declaration;
  const thing = nounOf(declaration.label);
  const declared: TransitionDeclaration | CustomActionDeclaration | undefined =
    declaration.states?.transitions.find((t) => t.action === action) ??
      declaration.actions?.find((a) => a.action === action);
  const shown = declared
    ? {
      label: declared.label,
      ...(declared.comment ? { comment: declared.comment } : {}),
      ...("signature" in declared && declared.signature ? { signature: declared.signature } : {}),
      ...(declared.tone ? { tone: declared.tone } : {}),
      ...(declared.confirm ? { confirm: declared.confirm } : {}),
      done: declared.done ?? pastTense(declared.label),
    }
    : BUILT_IN[action]?.(thing) ?? { label: action, done: pastTense(action) };
  return { id: action, ...shown, ...buttonsOf(shown.label, shown.tone, type) };
}

/** The wording of Delete for a draft of the type. */
export function deleteWording(type: RecordType): ActionWording {
  const thing = nounOf(type.declaration.label);
  return {
    id: "delete",
    label: "Delete",
    tone: "danger",
    confirm: `Delete this ${thing}? This cannot be undone.`,
    done: "deleted",
    ...buttonsOf("Delete", "danger", type),
  };
}

/** The wording of Save, for the toast of a saved record. */
export function saveWording(type: RecordType): ActionWording {
  return { id: "update", label: "Save", done: "saved", ...buttonsOf("Save", undefined, type) };
}

/**
 * The buttons around an action: a one-word verb takes the type's noun ("Cancel
 * invoice", "Submit {count} invoices"), a longer label stands as it is ("Convert
 * to client"); a danger action's way out keeps the record, another's goes back.
 */
function buttonsOf(
  label: string,
  tone: ActionWording["tone"],
  type: RecordType,
): Pick<ActionWording, "confirm_label" | "keep_label" | "bulk_confirm" | "bulk_label"> {
  const thing = nounOf(type.declaration.label);
  const things = nounOf(type.declaration.plural);
  const verb = !/\s/.test(label.trim());
  const bulk = verb ? `${label} {count} ${things}` : `${label}: {count} ${things}`;
  return {
    confirm_label: verb ? `${label} ${thing}` : label,
    keep_label: tone === "danger" ? `Keep ${thing}` : "Go back",
    bulk_confirm: `${bulk}?`,
    bulk_label: bulk,
  };
}
