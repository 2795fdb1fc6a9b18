/** Test support of the enterprise project calls: a planned project, field errors. */
import { ok } from "node:assert/strict";
import type { TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const BASE = "/enterprise-projects";

/** A 400 whose details name `field` (the record engine names fields by id, messages by label). */
export async function assertFieldError(res: Response, field: string): Promise<void> {
  const error = await errorOf(res, 400, "invalid_input");
  ok(field in ((error.details as Json)?.fields ?? {}), JSON.stringify(error));
}

/** A project with two phases, two members and three tasks (c depends on a and b). */
export async function plannedProject(t: TestApp, token: string) {
  const { project } = await jsonOf<{ project: Json }>(
    await t.call("POST", BASE, {
      token,
      body: {
        name: "Ledger migration",
        start_date: "2026-01-05",
        end_date: "2026-03-31",
        phases: [
          {
            phase: "design",
            start_date: "2026-01-05",
            end_date: "2026-01-30",
            status: "in_progress",
          },
          {
            phase: "development",
            start_date: "2026-02-02",
            end_date: "2026-03-31",
            status: "not_started",
          },
        ],
        members: [
          {
            user: "usr_acme_pm",
            role: "manager",
            hourly_rate: 120,
            allocation_percent: 50,
            capacity_hours: 40,
          },
          {
            user: "usr_acme_admin",
            role: "developer",
            hourly_rate: 90,
            allocation_percent: 25,
            capacity_hours: 32,
          },
        ],
      },
    }),
    201,
  );
  const phases = project.phases as Json[];
  const task = async (title: string, extra: Json = {}) =>
    (await jsonOf<{ record: Json }>(
      await t.call("POST", "/api/records/task", {
        token,
        body: {
          values: {
            title,
            project: project.id,
            assignee: "usr_acme_pm",
            estimated_hours: 8,
            start_date: "2026-01-05",
            due_date: "2026-01-09",
            phase: phases[0].id,
            ...extra,
          },
        },
      }),
      201,
    )).record;
  const a = await task("Map accounts");
  const b = await task("Export ledger", { estimated_hours: 4, assignee: "usr_acme_admin" });
  const c = await task("Reconcile", {
    phase: phases[1].id,
    dependencies: [{ depends_on: a.id }, { depends_on: b.id }],
  });
  return { project, a, b, c };
}
