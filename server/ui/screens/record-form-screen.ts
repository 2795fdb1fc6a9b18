/**
 * A record type's form screen, generated from its declaration: the `record-form`
 * (editable when the caller may change the record, else the read-only detail),
 * the record's timeline of changes and comments, and the panels the declaration
 * adds (related lists of other types, or any node), the tabs modules add to the
 * form (record-form-tab.ts) and the records of other types a saved record's form
 * starts in a dialog (record-form-quick-add.ts: Remind me) and the calls it runs on
 * the record by a button (record-form-run.ts: a rule run by hand). The descriptor
 * refers to the record only through the route's `id`, so one build serves every record.
 */
import type { Node, ScreenDescriptor, Source } from "../../../schemas/descriptor/mod.ts";
import type { RecordTypeMeta } from "../../../schemas/records/meta.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { RecordType } from "../../records/define.ts";
import type { FormPanel } from "../../records/declaration.ts";
import { recordTypeMeta } from "../../records/type-meta.ts";
import { head } from "./screen-def.ts";
import { formTabsFor, type RecordFormTab } from "./record-form-tab.ts";
import { quickAddsFor, type RecordFormQuickAdd } from "./record-form-quick-add.ts";
import { type RecordFormRun, runsFor } from "./record-form-run.ts";
import { type ListPreset, recordApi, recordListNode } from "./record-list-screen.ts";

/** The route param value that opens a new record. */
export const NEW_RECORD = "new";

/** What a form screen is built from. */
export interface FormScreenOptions {
  /** Screen id. */
  id: string;
  /** The record's id from the route, or `new`. */
  recordId: string;
  /** Every declared type (related lists name theirs). */
  types: readonly RecordType[];
  /** A value new records start with (a type master's kind). */
  preset?: ListPreset;
  /** Where this form opens, when not the type's own form route. */
  formRoute?: string;
  /** Tabs after the layout's, for saved records. */
  tabs?: readonly RecordFormTab[];
  /** Records of other types a saved record's form starts in a dialog (Remind me). */
  quickAdds?: readonly RecordFormQuickAdd[];
  /** Calls a saved record's form runs on it by a button (a rule run by hand). */
  runs?: readonly RecordFormRun[];
}

/** The form screen of `type` for the caller. */
export function recordFormScreen(
  type: RecordType,
  access: MembershipAccess,
  options: FormScreenOptions,
): ScreenDescriptor {
  const meta = recordTypeMeta(type, access);
  if (options.formRoute) meta.form_route = options.formRoute;
  const isNew = options.recordId === NEW_RECORD;
  const mayChange = isNew ? meta.can.create : meta.can.update;
  const added = isNew ? { tabs: [], sources: {} as Record<string, Source> } : formTabsFor(
    type,
    access,
    options.tabs ?? [],
  );
  const quickAdds = isNew ? [] : quickAddsFor(type, access, options.quickAdds ?? []);
  const runs = isNew || !mayChange ? [] : runsFor(type, access, options.runs ?? []);
  const children: Node[] = [{
    type: "record-form",
    api: recordApi(type),
    meta,
    recordId: isNew ? NEW_RECORD : { $param: "id" },
    mode: mayChange ? "edit" : "read",
    ...(isNew
      ? {
        initial: {
          ...valuesFromAddress(meta),
          ...(options.preset ? { [options.preset.field]: options.preset.value } : {}),
        },
      }
      : {}),
    ...(added.tabs.length > 0 ? { tabs: added.tabs } : {}),
    ...(quickAdds.length > 0 ? { quickAdds } : {}),
    ...(runs.length > 0 ? { runs } : {}),
  }];
  if (!isNew) {
    for (const panel of type.declaration.panels ?? []) {
      const node = panelNode(panel, access, options.types, type);
      if (node) children.push(node);
    }
    children.push({
      type: "record-timeline",
      api: recordApi(type),
      recordId: { $param: "id" },
      labels: Object.fromEntries(meta.fields.map((f) => [f.id, f.label])),
      canComment: meta.can.comment,
    });
  }
  const title = isNew ? `New ${meta.label}` : meta.label;
  return {
    ...head(options.id, title, "dynamic"),
    ...(Object.keys(added.sources).length > 0 ? { sources: added.sources } : {}),
    body: { type: "page", title, children },
  };
}

/**
 * What a new record takes from the address its form opens at: each field a person
 * sets starts with its query parameter when there is one, so `?project=prj_1` (a
 * project's Tasks panel's New, or New on tasks filtered by that project) starts a
 * task of that project.
 */
function valuesFromAddress(meta: RecordTypeMeta): Record<string, { $query: string }> {
  const settable = meta.fields.filter((f) =>
    !f.read_only && !f.computed && !f.hidden && f.type !== "table" && f.type !== "attach"
  );
  return Object.fromEntries(settable.map((f) => [f.id, { $query: f.id }]));
}

/** A declared panel as a section, or nothing when the caller may not read its records. */
function panelNode(
  panel: FormPanel,
  access: MembershipAccess,
  types: readonly RecordType[],
  owner: RecordType,
): Node | null {
  if (panel.kind === "node") {
    return { type: "section", title: panel.label, children: [panel.node] };
  }
  const related = types.find((t) => t.id === panel.type);
  if (!related) {
    throw new Error(
      `Record type "${owner.id}": panel "${panel.label}" names unknown type "${panel.type}"`,
    );
  }
  if (!authorize(access, related.module, "read")) return null;
  const meta = recordTypeMeta(related, access);
  if (panel.create === false) meta.can.create = false;
  // Every row links back to the record the panel is on: its column would say nothing.
  meta.list.columns = meta.list.columns.filter((c) => c !== panel.field);
  const list = recordListNode(related, meta, { compact: true, parent: panel.field });
  if (panel.empty_text) list.emptyText = panel.empty_text;
  return { type: "section", title: panel.label, children: [list] };
}
