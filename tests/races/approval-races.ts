/**
 * Races on hand-written calls that read before they write: one project
 * submitted for approval twenty times at once may open only one approval run,
 * as one after another the second finds the first open.
 */
import {
  createProject,
  createWorkflow,
} from "../../server/modules/enterprise-projects/approval-fixture.ts";
import { AT_ONCE, type RaceScenario, type RaceWrite } from "./race-scenario.ts";

interface Submissions {
  project: string;
  ready: RaceWrite[];
}

const submittedForApproval: RaceScenario<Submissions> = {
  name: "one project submitted for approval 20 times at once",
  covers: [],
  async prepare(app) {
    const project = await createProject(app);
    const workflow = await createWorkflow(app);
    const token = await app.tokenFor("admin@acme.test");
    const ready = Array.from(
      { length: AT_ONCE },
      () => () =>
        app.call("POST", `/enterprise-projects/${project}/submit-approval`, {
          token,
          body: { workflow_id: workflow },
        }),
    );
    return { project, ready };
  },
  writes: (_app, state) => state.ready,
  async outcome(app, state) {
    const runs = await app.db.all<{ status: string }>(
      "SELECT status FROM project_approvals WHERE project_id = ? ORDER BY status",
      [state.project],
    );
    const project = await app.db.get<{ approval_status: string }>(
      "SELECT approval_status FROM projects WHERE id = ?",
      [state.project],
    );
    return { runs: runs.map((r) => r.status), approval: project?.approval_status };
  },
};

/** Every race on hand-written calls. */
export const CALL_RACES: readonly RaceScenario<never>[] = [
  submittedForApproval,
] as unknown as RaceScenario<never>[];
