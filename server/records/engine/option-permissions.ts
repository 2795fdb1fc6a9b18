/**
 * Select values only some roles may set (a declared option's `requires`): a lead
 * marked won by a role without `leads.win` is refused with the declaration's words,
 * naming the field. Every write path validates through `validateRecord`, so a save,
 * a bulk edit and an import are refused alike; the code's own (trusted) values are not
 * checked, and a record keeping the value it has is not refused.
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { forbidden } from "../../platform/errors/app-error.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";

/** Throws 403 when `values` set a select to an option the caller's role may not set. */
export function checkOptionPermissions(
  access: MembershipAccess,
  type: RecordType,
  change: { sent: ReadonlySet<string>; values: RecordData; existing?: RecordData },
): void {
  for (const id of change.sent) {
    const field = type.field.get(id);
    if (field?.type !== "select" || !field.options) continue;
    const value = change.values[id];
    if (change.existing && change.existing[id] === value) continue;
    const option = field.options.find((o) => o.value === value);
    if (!option?.requires || authorize(access, type.module, option.requires)) continue;
    const message = option.refusal ??
      `Only roles with ${type.module}.${option.requires} may set ${field.label} to ${option.label}`;
    throw forbidden(message, {
      fields: { [id]: message },
      permission: `${type.module}.${option.requires}`,
    });
  }
}
