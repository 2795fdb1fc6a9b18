/**
 * Races on hand-written calls that read before they write. One project
 * submitted for approval twenty times at once may open only one approval run
 * and tell its approver once, as one after another the second finds the first
 * open. A pending run withdrawn by its submitter while its approver approves
 * it, or reassigned while approved, ends as one of the two orders would leave
 * it: the first write carried out, every later one finding the run changed.
 */
import type { TestApp } from "../../server/testing/test-app.ts";
import {
  createProject,
  createWorkflow,
} from "../../server/areas/enterprise-projects/approval-fixture.ts";
import { AT_ONCE, type RaceScenario, type RaceWrite } from "./race-scenario.ts";

interface Submissions {
  project: string;
  ready: RaceWrite[];
}

async function approvalOutcome(app: TestApp, project: string) {
  const runs = await app.db.all<{ status: string; assigned_to: string | null }>(
    "SELECT status, assigned_to FROM project_approvals WHERE project_id = ? ORDER BY status",
    [project],
  );
  const actions = await app.db.all<{ action: string }>(
    `SELECT a.action FROM project_approval_actions a
       JOIN project_approvals r ON r.id = a.approval_id
      WHERE r.project_id = ? ORDER BY a.acted_at, a.action`,
    [project],
  );
  const row = await app.db.get<{ approval_status: string }>(
    "SELECT approval_status FROM projects WHERE id = ?",
    [project],
  );
  const notices = await app.db.all<{ user_id: string; notice_key: string }>(
    `SELECT n.user_id, n.notice_key FROM notifications n
       JOIN project_approvals r ON n.notice_key LIKE 'project_approval:' || r.id || ':%'
      WHERE r.project_id = ? ORDER BY n.user_id, n.notice_key`,
    [project],
  );
  return {
    runs: runs.map((r) => [r.status, r.assigned_to]),
    actions: actions.map((a) => a.action),
    approval: row?.approval_status,
    notices: notices.map((n) => [n.user_id, n.notice_key.split(":")[2]]),
  };
}

const submittedForApproval: RaceScenario<Submissions> = {
  name: "one project submitted for approval 20 times at once",
  covers: [],
  async prepare(app) {
    const project = await createProject(app);
    const workflow = await createWorkflow(app);
    const token = await app.tokenFor("pm@acme.test");
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
  outcome: (app, state) => approvalOutcome(app, state.project),
};

/**
 * A project of 50,000 submitted by its manager: only the executive review (the
 * administrator's) applies, so one approval ends the run.
 */
async function waitingOnTheAdmin(app: TestApp): Promise<{ project: string; run: string }> {
  const workflow = await createWorkflow(app);
  const admin = await app.tokenFor("admin@acme.test");
  const created = await app.call("POST", "/api/records/project", {
    token: admin,
    body: { values: { name: "Race sample", end_date: "2031-06-30", budget: 50000 } },
  });
  const project = ((await created.json()) as { record: { id: string } }).record.id;
  const submitted = await app.call("POST", `/enterprise-projects/${project}/submit-approval`, {
    token: await app.tokenFor("pm@acme.test"),
    body: { workflow_id: workflow },
  });
  const run = ((await submitted.json()) as { data: { current: { id: string } } }).data.current.id;
  return { project, run };
}

/** Ten of `first` and ten approvals by the administrator, alternating, `first`'s leading. */
function againstApproval(
  name: string,
  first: { email: string; path: string; body: Record<string, unknown> },
): RaceScenario<Submissions> {
  return {
    name,
    covers: [],
    async prepare(app) {
      const { project, run } = await waitingOnTheAdmin(app);
      const base = `/enterprise-projects/${project}/approvals/${run}`;
      const mine = await app.tokenFor(first.email);
      const admin = await app.tokenFor("admin@acme.test");
      const ready: RaceWrite[] = Array.from(
        { length: AT_ONCE },
        (_, i) =>
          i % 2 === 0
            ? (call) => call("POST", `${base}/${first.path}`, { token: mine, body: first.body })
            : (call) =>
              call("POST", `${base}/process`, { token: admin, body: { action: "approve" } }),
      );
      return { project, ready };
    },
    writes: (_app, state) => state.ready,
    outcome: (app, state) => approvalOutcome(app, state.project),
    // Either kind may go first; what follows the first is decided by it.
    orders: (count) => {
      const identity = Array.from({ length: count }, (_, i) => i);
      return [identity, [1, 0, ...identity.slice(2)]];
    },
  };
}

const withdrawnWhileApproved = againstApproval(
  "a pending approval withdrawn 10 times by its submitter while approved 10 times, at once",
  { email: "pm@acme.test", path: "withdraw", body: {} },
);

const reassignedWhileApproved = againstApproval(
  "a pending approval's step reassigned 10 times while approved 10 times, at once",
  { email: "admin@acme.test", path: "reassign", body: { user_id: "usr_acme_maya" } },
);

/** Every race on hand-written calls. */
export const CALL_RACES: readonly RaceScenario<never>[] = [
  submittedForApproval,
  withdrawnWhileApproved,
  reassignedWhileApproved,
] as unknown as RaceScenario<never>[];
