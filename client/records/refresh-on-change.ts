/**
 * A record form's screen shows more than the record: its tabs read the record's
 * approvals, versions, schedule and capacity from their own sources. When the
 * record changes — here, in another browser, or by a service acting on it (an
 * approver's decision) — those sources are loaded again, so every tab stays as
 * live as the form's own fields. A change to many records of the type (a bulk
 * action, an import) counts as a change to this one.
 */
import { useEffect } from "react";
import { onRecordChange, recordTypeOfApi } from "../api/record-events.ts";

/** Calls `refresh` whenever the saved record `id` of the type served at `api` changes. */
export function useRefreshOnRecordChange(
  api: string,
  id: string | null,
  isNew: boolean,
  refresh: () => void,
): void {
  useEffect(() => {
    if (id === null || isNew) return;
    const type = recordTypeOfApi(api);
    return onRecordChange((change) => {
      if (change.recordType === type && (change.id === id || change.id === null)) refresh();
    });
  }, [api, id, isNew, refresh]);
}
