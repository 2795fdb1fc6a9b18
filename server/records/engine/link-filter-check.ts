/**
 * A link field's picker conditions (`link_filters`) name keys of the type it links
 * to, which the declaration alone cannot check. The engine checks them against the
 * declared types when it is built, so a condition on a field the target lacks fails
 * at start-up with the type and field named, never at a caller's search.
 */
import type { RecordField, RecordType } from "../define.ts";
import { isListKey } from "./list-query.ts";

/** Throws on a link filter naming an unknown target or a key its target cannot filter by. */
export function checkLinkFilters(types: ReadonlyMap<string, RecordType>): void {
  for (const type of types.values()) {
    const links = type.fields.flatMap((f) => [f, ...(f.childFields ?? [])]);
    for (const field of links.filter((f): f is RecordField & { link: string } => !!f.link)) {
      if (!field.link_filters) continue;
      const target = types.get(field.link);
      if (!target) {
        throw new Error(
          `Record type "${type.id}": field "${field.id}" links unknown type "${field.link}"`,
        );
      }
      for (const condition of field.link_filters) {
        if (!isListKey(target, condition.field)) {
          throw new Error(
            `Record type "${type.id}": link_filters of "${field.id}" name "${condition.field}", ` +
              `which ${target.id} records cannot be filtered by`,
          );
        }
      }
    }
  }
}
