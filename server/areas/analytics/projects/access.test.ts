import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { SAMPLE_PROJECT_ID } from "./mod.ts";

/** The eleven calls for a project, each with a body that is valid apart from organization_id. */
function calls(projectId: string, sprintId: string): [string, Record<string, unknown>][] {
  return [
    ["/projects/calculate-progress", { project_id: projectId }],
    [`/projects/${projectId}/velocity`, {}],
    [`/projects/${projectId}/burndown`, {}],
    [`/projects/${projectId}/health-score`, {}],
    [`/projects/${projectId}/analytics`, {}],
    [`/projects/${projectId}/update-progress`, { progress_percentage: 10 }],
    ["/projects/compare-progress", { project_ids: [projectId] }],
    [`/projects/${projectId}/forecast`, {}],
    [`/projects/${projectId}/team-performance`, {}],
    [`/projects/${projectId}/sprints/${sprintId}/progress`, {}],
    [`/projects/${projectId}/recalculate-metrics`, {}],
  ];
}

const ACME = calls(SAMPLE_PROJECT_ID, "spr_northwind_erp_01");
const GLOBEX = calls("prj_initech_audit", "spr_initech_audit_01");

async function withAdmin(fn: (t: TestApp, token: string) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

Deno.test("Every project analytics call answers the Acme admin for the sample project", async () => {
  await withAdmin(async (t, token) => {
    for (const [path, body] of ACME) {
      const answer = await jsonOf<{ data: Record<string, unknown> }>(
        await t.call("POST", path, { token, body: { ...body, organization_id: "org_acme" } }),
      );
      ok(answer.data && typeof answer.data === "object", path);
    }
  });
});

Deno.test("Every project analytics call answers 400 naming organization_id when it is missing", async () => {
  await withAdmin(async (t, token) => {
    for (const [path, body] of ACME) {
      await assertInvalidFields(await t.call("POST", path, { token, body }), "organization_id");
    }
  });
});

Deno.test("Project analytics calls answer 400 naming the missing project id", async () => {
  await withAdmin(async (t, token) => {
    await assertInvalidFields(
      await t.call("POST", "/projects/calculate-progress", {
        token,
        body: { organization_id: "org_acme" },
      }),
      "project_id",
    );
    for (const project_ids of [undefined, []]) {
      await assertInvalidFields(
        await t.call("POST", "/projects/compare-progress", {
          token,
          body: { organization_id: "org_acme", project_ids },
        }),
        "project_ids",
      );
    }
    await assertInvalidFields(
      await t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/velocity`, {
        token,
        body: { organization_id: "org_acme", project_id: "prj_northwind_bi" },
      }),
      "project_id",
    );
    await errorOf(
      await t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/forecast`, {
        token,
        body: { organization_id: "org_acme", horizon: 30 },
      }),
      400,
      "invalid_input",
    );
  });
});

Deno.test("Another tenant's project answers 404 to the Acme admin on every call", async () => {
  await withAdmin(async (t, token) => {
    const updates = () =>
      t.db.get<{ n: number; progress: number }>(
        `SELECT (SELECT COUNT(*) FROM progress_updates WHERE project_id = 'prj_initech_audit') AS n,
                progress_percentage AS progress FROM projects WHERE id = 'prj_initech_audit'`,
      );
    const before = await updates();
    for (const [path, body] of GLOBEX) {
      await errorOf(
        await t.call("POST", path, { token, body: { ...body, organization_id: "org_acme" } }),
        404,
        "not_found",
      );
    }
    assertEquals({ ...await updates() }, { ...before });
  });
});

Deno.test("An organisation id other than the caller's current one answers 404", async () => {
  await withAdmin(async (t, token) => {
    // The Acme admin is also a member of Globex, but Acme is the current organisation.
    for (const [path, body] of [...ACME, ...GLOBEX]) {
      await errorOf(
        await t.call("POST", path, { token, body: { ...body, organization_id: "org_globex" } }),
        404,
        "not_found",
      );
    }
  });
});

Deno.test("Project analytics calls answer 403 without projects.read", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const portal = await t.tokenFor("client@northwind.test");
    for (const token of [sales, portal]) {
      for (const [path, body] of ACME) {
        await errorOf(
          await t.call("POST", path, { token, body: { ...body, organization_id: "org_acme" } }),
          403,
          "forbidden",
        );
      }
    }
    const pm = await t.tokenFor("pm@acme.test");
    await jsonOf(
      await t.call("POST", "/projects/calculate-progress", {
        token: pm,
        body: { project_id: SAMPLE_PROJECT_ID, organization_id: "org_acme" },
      }),
    );
  } finally {
    await t.close();
  }
});

Deno.test("Project analytics calls answer 403 naming the Projects module when it is disabled", async () => {
  await withAdmin(async (t, token) => {
    await t.db.run(
      "UPDATE organization_modules SET enabled = 0 WHERE organization_id = 'org_acme' AND module_id = 'projects'",
    );
    await t.db.run(
      "UPDATE organizations SET catalogue_version = catalogue_version + 1 WHERE id = 'org_acme'",
    );
    const error = await errorOf(
      await t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/health-score`, {
        token,
        body: { organization_id: "org_acme" },
      }),
      403,
      "forbidden",
    );
    ok(error.message.includes("projects"), error.message);
  });
});

Deno.test("Project analytics calls answer 401 without a token", async () => {
  const t = await createTestApp();
  try {
    await errorOf(
      await t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/velocity`, {
        body: { organization_id: "org_acme" },
      }),
      401,
      "unauthenticated",
    );
  } finally {
    await t.close();
  }
});

Deno.test("The OpenAPI document describes the formulas of the analytics calls", async () => {
  const t = await createTestApp();
  try {
    const doc = await jsonOf<{ paths: Record<string, { post?: { description?: string } }> }>(
      await t.call("GET", "/api/openapi.json"),
    );
    const described = (path: string) => doc.paths[path]?.post?.description ?? "";
    ok(described("/projects/calculate-progress").includes("Σ estimated hours"));
    ok(described("/projects/{id}/forecast").includes("Monte Carlo"));
    ok(described("/projects/{id}/health-score").includes("0.35 pace"));
    ok(described("/api/v1/analytics/dashboard").includes("300 s"));
    for (
      const path of [
        "/projects/{id}/velocity",
        "/projects/{id}/burndown",
        "/projects/{id}/analytics",
        "/projects/{id}/update-progress",
        "/projects/compare-progress",
        "/projects/{id}/team-performance",
        "/projects/{id}/sprints/{sprintId}/progress",
        "/projects/{id}/recalculate-metrics",
      ]
    ) ok(described(path).length > 100, path);
  } finally {
    await t.close();
  }
});
