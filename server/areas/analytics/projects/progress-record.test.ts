/**
 * A project's progress is a field of the project record: reporting it or
 * recalculating the metrics moves the record's version (so a form opened before
 * cannot save over it), stamps who changed it, and writes one audit entry each.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { FIXTURE, openFixtureApp } from "./testing/analytics-fixture.ts";

const project = FIXTURE.projectId;
const RECORD = `/api/records/project/${project}`;

interface ProjectRecord {
  version: number;
  progress: number;
  updated_by: string | null;
}

Deno.test("reporting progress and recalculating metrics move the project's version and are audited, and a form opened before cannot save over them", async () => {
  const { t, token, post } = await openFixtureApp();
  try {
    const read = async () =>
      (await jsonOf<{ record: ProjectRecord }>(await t.call("GET", RECORD, { token }))).record;
    const opened = await read();

    await post(`/projects/${project}/update-progress`, {
      progress_percentage: 42,
      notes: "Review",
    });
    const reported = await read();
    assertEquals(
      [reported.version, reported.progress, reported.updated_by],
      [opened.version + 1, 42, "usr_acme_admin"],
    );

    t.clock.advance(60_000);
    await post(`/projects/${project}/recalculate-metrics`);
    const recalculated = await read();
    assertEquals(recalculated.version, opened.version + 2);

    const audits = await t.db.all<{ action: string; before_value: string; after_value: string }>(
      `SELECT action, before_value, after_value FROM audit_logs
        WHERE resource_type = 'project' AND resource_id = ? ORDER BY created_at`,
      [project],
    );
    assertEquals(audits.map((a) => a.action), [
      "project.progress_update",
      "project.metrics_recalculate",
    ]);
    assertEquals(JSON.parse(audits[0].before_value), { progress_percentage: 0 });
    assertEquals(JSON.parse(audits[1].before_value), { progress_percentage: 42 });

    // The form opened before the progress moved holds an old version: its save is refused.
    await errorOf(
      await t.call("PATCH", RECORD, {
        token,
        body: { version: opened.version, values: { description: "Edited in an old form" } },
      }),
      409,
      "conflict",
    );
    assertEquals((await read()).version, opened.version + 2);
  } finally {
    await t.close();
  }
});
