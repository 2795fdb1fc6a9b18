import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { z } from "zod";
import type { Progress, ProgressUpdate } from "../../../../schemas/api/analytics.ts";
import { errorOf } from "../../../testing/http-assertions.ts";
import { FIXTURE, openFixtureApp } from "./testing/analytics-fixture.ts";

const project = FIXTURE.projectId;
const UPDATE = `/projects/${project}/update-progress`;

Deno.test("POST /projects/{id}/update-progress with a stale version answers 409 and changes nothing", async () => {
  const { t, token, post } = await openFixtureApp();
  try {
    const read = await post<z.infer<typeof Progress>>("/projects/calculate-progress", {
      project_id: project,
    });
    assertEquals(read.progress_version, 0);
    // Two editors read version 0; the first one's update wins.
    const first = await post<z.infer<typeof ProgressUpdate>>(UPDATE, {
      progress_percentage: 30,
      notes: "first",
      version: read.progress_version,
    });
    assertEquals([first.previous_progress_percentage, first.version], [0, 1]);
    const stale = await errorOf(
      await t.call("POST", UPDATE, {
        token,
        body: {
          organization_id: FIXTURE.organizationId,
          progress_percentage: 60,
          notes: "second",
          version: read.progress_version,
        },
      }),
      409,
      "conflict",
    );
    assertEquals(stale.details?.current_version, 1);
    const row = await t.db.get<{ progress_percentage: number; progress_version: number }>(
      "SELECT progress_percentage, progress_version FROM projects WHERE id = ?",
      [project],
    );
    assertEquals([row?.progress_percentage, row?.progress_version], [30, 1]);
    const updates = await t.db.get<{ n: number }>(
      "SELECT count(*) AS n FROM progress_updates WHERE project_id = ?",
      [project],
    );
    assertEquals(updates?.n, 1);
    // With the fresh version the second editor's update goes through, and its "before" is 30.
    const second = await post<z.infer<typeof ProgressUpdate>>(UPDATE, {
      progress_percentage: 60,
      notes: "second",
      version: first.version,
    });
    assertEquals([second.previous_progress_percentage, second.version], [30, 2]);
  } finally {
    await t.close();
  }
});

Deno.test("Concurrent progress updates without a version each audit the value they really replaced", async () => {
  const { t, post } = await openFixtureApp();
  try {
    await Promise.all(
      [10, 20, 30, 40].map((progress) =>
        post(UPDATE, { progress_percentage: progress, notes: `to ${progress}` })
      ),
    );
    const audits = await t.db.all<{ before_value: string; after_value: string }>(
      "SELECT before_value, after_value FROM audit_logs WHERE action = 'project.progress_update' AND resource_id = ?",
      [project],
    );
    // The value each update replaced, to the value it wrote.
    const replaced = new Map<number, number>(audits.map((a) => [
      JSON.parse(a.before_value).progress_percentage,
      JSON.parse(a.after_value).progress_percentage,
    ]));
    // Each update's "before" is another update's "after": following them from the
    // starting 0 visits all four, so no value is lost and none replaced twice.
    assertEquals(audits.length, 4);
    const visited: number[] = [];
    for (let value = 0; replaced.has(value);) {
      value = replaced.get(value)!;
      visited.push(value);
      if (visited.length > 4) break;
    }
    assertEquals(visited.toSorted((a, b) => a - b), [10, 20, 30, 40]);
  } finally {
    await t.close();
  }
});
