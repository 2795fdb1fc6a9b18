/**
 * Calls a saved record's form offers to run on the record, as buttons it loads
 * (an area's `recordScreens.formRuns`: the automation area's rules run by hand).
 * The descriptor names the call listing what the caller is offered and the call
 * each button makes; both calls decide for themselves who may, so the form only
 * leaves them out for callers the area says could never use them.
 */
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import type { RecordType } from "../../records/define.ts";

/** Buttons of calls on a record, loaded by a saved record's form of any type. */
export interface RecordFormRun {
  /** snake_case, unique among the runs. */
  id: string;
  /** The call answering `{items: [{id, name}]}` for a form of `type`. */
  from: (type: RecordType) => string;
  /** A button's words, `{name}` the item's name. */
  label: string;
  /** The call a button makes (POST `{record_id}`), `{id}` the item's id. */
  run: string;
  /** The toast once the call is accepted, `{name}` and `{record}` filled in. */
  done: string;
  /** Whether a caller may ever use them on a form of `type` (the calls' own check). */
  offered: (type: RecordType, access: MembershipAccess) => boolean;
}

type RunNode = NonNullable<NodeOf<"record-form">["runs"]>[number];

/** The run buttons a saved record of `type` offers the caller. */
export function runsFor(
  type: RecordType,
  access: MembershipAccess,
  runs: readonly RecordFormRun[],
): RunNode[] {
  return runs.filter((r) => r.offered(type, access)).map((r) => ({
    id: r.id,
    from: r.from(type),
    label: r.label,
    run: r.run,
    done: r.done,
  }));
}
