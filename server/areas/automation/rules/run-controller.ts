/**
 * The run's controller: `retry` puts a failed run back in the queue, to go on from
 * the action that failed (the actions before it stay done).
 */
import { defineController } from "../../../records/engine/controller.ts";
import { AUTOMATION_RUN } from "../types/automation-run.ts";

export const AUTOMATION_RUN_CONTROLLER = defineController({
  type: AUTOMATION_RUN,
  actions: {
    retry({ record, now, refuse }) {
      if (record.status !== "failed") refuse("Only a failed run is retried");
      return Promise.resolve({
        values: {
          status: "queued",
          due_at: now,
          error: "",
          finished_at: null,
          lease_until: null,
          log: `${record.log ?? ""}\nRetried at ${now}`.trim(),
        },
      });
    },
  },
});
