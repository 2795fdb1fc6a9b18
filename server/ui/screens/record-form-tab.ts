/**
 * Tabs a module adds to a record type's generated form screen, after the tabs of
 * the type's layout: any widgets, bound to the module's own data calls with the
 * record's id taken from the route (`{id}` in a source path, `{ "$param": "id" }`
 * in a body). A tab shows only on saved records and only to callers granted its
 * `requires` action; its sources load when the tab is first opened.
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { RecordType } from "../../records/define.ts";

/** A tab's widgets and the data calls they bind to (source names unique on the screen). */
export interface FormTabContent {
  sources?: Record<string, Source>;
  children: Node[];
}

/** A tab added to a record type's form. */
export interface RecordFormTab {
  id: string;
  label: string;
  /** The permission the caller needs to see the tab; module defaults to the type's. */
  requires: { module?: string; action: string };
  /** The tab for a caller who may see it (buttons may depend on further permissions). */
  content(access: MembershipAccess): FormTabContent;
}

/** The tabs of `tabs` the caller may see, as record-form tabs and the sources they need. */
export function formTabsFor(
  type: RecordType,
  access: MembershipAccess,
  tabs: readonly RecordFormTab[],
): {
  tabs: { id: string; label: string; opens: string; children: Node[] }[];
  sources: Record<string, Source>;
} {
  const sources: Record<string, Source> = {};
  const shown = [];
  for (const tab of tabs) {
    if (!authorize(access, tab.requires.module ?? type.module, tab.requires.action)) continue;
    const content = tab.content(access);
    const opens = `form_tab_${tab.id}`;
    for (const [name, source] of Object.entries(content.sources ?? {})) {
      if (sources[name] !== undefined) {
        throw new Error(`Record type "${type.id}": form tab "${tab.id}" reuses source "${name}"`);
      }
      sources[name] = { ...source, enabledWhen: [...(source.enabledWhen ?? []), opens] };
    }
    shown.push({ id: tab.id, label: tab.label, opens, children: content.children });
  }
  return { tabs: shown, sources };
}
