/**
 * What an audit entry says to people: its action and the kind of record by their
 * labels, and the record by its title with where it opens — never its id. Record
 * types name their own actions (transitions and custom actions) and titles, so
 * every record type that is added reads the same way without a line here.
 */
import type { Queryable } from "../../../db/database.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { RecordType } from "../../../records/define.ts";
import { AUDIT_ACTION, RESOURCE_TYPE } from "./audit-vocabulary.ts";

/** The words of the engine's own actions, for every record type. */
const ENGINE_ACTIONS: Readonly<Record<string, string>> = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  import: "Imported",
  comment: "Commented",
  submit: "Submitted",
  cancel: "Cancelled",
  amend: "Amended",
};

/** An audit entry as stored, with what its words are read from. */
export interface AuditFacts {
  action: string;
  resource_type: string;
  resource_id: string | null;
  /** The record's values before the change (a deleted record's title is read from them). */
  before: unknown;
}

/** The words added to an entry. */
export interface AuditWords {
  action_label: string;
  resource_label: string;
  /** The record's title (a person's name, an organisation's name); null when it has none. */
  resource_title: string | null;
  /** Where the record opens in the app; null when nothing opens. */
  resource_path: string | null;
}

/** An action's label: the type's own word for it, then the audit vocabulary, then the engine's. */
export function actionLabel(records: RecordEngine, resourceType: string, action: string): string {
  const declaration = records.types.get(resourceType)?.declaration;
  const declared = [
    ...(declaration?.states?.transitions ?? []),
    ...(declaration?.actions ?? []),
  ].find((a) => a.action === action);
  return declared?.label ?? AUDIT_ACTION[action] ?? ENGINE_ACTIONS[action] ?? sentence(action);
}

/** A kind of record's label: the audit vocabulary, then the record type's own. */
export function resourceLabel(records: RecordEngine, resourceType: string): string {
  return RESOURCE_TYPE[resourceType] ?? records.types.get(resourceType)?.declaration.label ??
    sentence(resourceType);
}

/** The words of each entry, in order (one query per kind of record named). */
export async function auditWords(
  q: Queryable,
  records: RecordEngine,
  entries: readonly AuditFacts[],
): Promise<AuditWords[]> {
  const titles = await titlesOf(q, records, entries);
  return entries.map((entry) => {
    const id = entry.resource_id;
    const type = records.types.get(entry.resource_type);
    const held = id === null ? undefined : titles.get(`${entry.resource_type}:${id}`);
    return {
      action_label: actionLabel(records, entry.resource_type, entry.action),
      resource_label: resourceLabel(records, entry.resource_type),
      // A record no longer held (deleted) keeps the title it had, and opens nowhere.
      resource_title: held ?? (id === null ? null : titleIn(type, entry.before)),
      resource_path: held !== undefined ? pathOf(type, entry.resource_type, id!) : null,
    };
  });
}

/** `type:id` → title, for the records, people and organisations the entries name. */
async function titlesOf(
  q: Queryable,
  records: RecordEngine,
  entries: readonly AuditFacts[],
): Promise<Map<string, string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const { resource_type, resource_id } of entries) {
    if (resource_id === null) continue;
    idsByType.set(resource_type, (idsByType.get(resource_type) ?? new Set()).add(resource_id));
  }
  const titles = new Map<string, string>();
  for (const [resourceType, idSet] of idsByType) {
    const select = titleQuery(records.types.get(resourceType), resourceType);
    if (!select) continue;
    const ids = [...idSet];
    const rows = await q.all<{ id: string; title: string | null }>(
      `${select} WHERE id IN (${ids.map(() => "?").join(", ")})`,
      ids,
    );
    for (const row of rows) {
      if (row.title) titles.set(`${resourceType}:${row.id}`, row.title);
    }
  }
  return titles;
}

function titleQuery(type: RecordType | undefined, resourceType: string): string | undefined {
  if (type) {
    const column = type.field.get(type.declaration.title_field)?.column ??
      type.declaration.title_field;
    return `SELECT id, ${column} AS title FROM ${type.table}`;
  }
  if (resourceType === "user") {
    return "SELECT id, first_name || ' ' || last_name AS title FROM users";
  }
  if (resourceType === "organization") return "SELECT id, name AS title FROM organizations";
  return undefined;
}

/** A deleted record's title, from the values it had. */
function titleIn(type: RecordType | undefined, before: unknown): string | null {
  if (!type || before === null || typeof before !== "object") return null;
  const title = (before as Record<string, unknown>)[type.declaration.title_field];
  return typeof title === "string" && title !== "" ? title : null;
}

function pathOf(type: RecordType | undefined, resourceType: string, id: string): string | null {
  if (type) {
    const route = type.declaration.form_route ?? `${type.module}/:id`;
    return `/app/${route.replace(":id", encodeURIComponent(id))}`;
  }
  if (resourceType === "user") return "/app/users";
  if (resourceType === "organization") return "/app/organization";
  return null;
}

/** `submit_for_approval` → "Submit for approval": the last resort for a code no one named. */
function sentence(code: string): string {
  const words = code.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
