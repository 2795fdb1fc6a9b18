/**
 * Benchmark (issue 14): `POST /enterprise-projects/export` then
 * `POST /enterprise-projects/import` of 50 projects with 500 tasks each (tasks
 * chained by dependencies, every project with phases and a team), on SQLite and
 * (with BENCH_DATABASE_URL) PostgreSQL. The projects are first put in place by an
 * import of a generated file; the export of all 50 is then timed, and the import
 * of that export under new ids (so every project and task is created again,
 * through the record engine with its validation and audit, in one transaction).
 * Prints rows (projects + tasks) per second both ways.
 */
import { startApp } from "./servers.ts";
import { benchDialects, createBenchDatabase, dialectName, POSTGRES_HINT } from "./databases.ts";
import { signIn } from "./records-leads.ts";

const PROJECTS = Number(Deno.env.get("BENCH_PROJECTS") ?? 50);
const TASKS = Number(Deno.env.get("BENCH_TASKS") ?? 500);
const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8953);

/** An export file of `PROJECTS` projects with `TASKS` tasks each. */
function generatedFile(): string {
  const projects = Array.from({ length: PROJECTS }, (_, p) => ({
    id: `bench_project_${p}`,
    fields: {
      name: `Bench project ${p}`,
      status: "active",
      start_date: "2026-01-05",
      end_date: "2026-12-18",
      risk_level: p % 2 ? "high" : "medium",
    },
    phases: ["planning", "development", "testing"].map((phase, i) => ({
      id: `bench_phase_${p}_${i}`,
      phase,
      status: "not_started",
    })),
    members: [
      { user: "usr_acme_pm", role: "manager", allocation_percent: 50, capacity_hours: 40 },
      { user: "usr_acme_admin", role: "developer", allocation_percent: 80, capacity_hours: 40 },
    ],
    tasks: Array.from({ length: TASKS }, (_, t) => ({
      id: `bench_task_${p}_${t}`,
      title: `Work package ${t + 1}`,
      status: t % 5 === 0 ? "completed" : "todo",
      priority: 1 + (t % 4),
      assignee: t % 2 ? "usr_acme_pm" : "usr_acme_admin",
      start_date: "2026-02-02",
      due_date: "2026-03-02",
      estimated_hours: 4 + (t % 8),
      phase: `bench_phase_${p}_${t % 3}`,
      dependencies: t > 0 && t % 4 !== 0 ? [`bench_task_${p}_${t - 1}`] : [],
    })),
  }));
  return JSON.stringify({
    format: "opsuite.enterprise-projects",
    version: 1,
    exported_at: new Date().toISOString(),
    projects,
  });
}

async function importFile(url: string, headers: Record<string, string>, text: string) {
  const form = new FormData();
  form.set("file", new File([text], "projects.json", { type: "application/json" }));
  const res = await fetch(`${url}/enterprise-projects/import`, {
    method: "POST",
    headers,
    body: form,
  });
  if (!res.ok) throw new Error(`Import failed: ${res.status} ${await res.text()}`);
  const answer = await res.json();
  if (answer.failed.length > 0 || answer.created !== PROJECTS) {
    throw new Error(
      `Import created ${answer.created} projects: ${JSON.stringify(answer.failed.slice(0, 3))}`,
    );
  }
  return answer as { projects: { id: string }[] };
}

/** The export with every project, phase and task id (and reference to one) renamed. */
function underNewIds(text: string): string {
  const file = JSON.parse(text);
  const renamed = (id: string) => `copy_${id}`;
  for (const project of file.projects) {
    project.id = renamed(project.id);
    for (const phase of project.phases) phase.id = renamed(phase.id);
    for (const task of project.tasks) {
      task.id = renamed(task.id);
      task.phase = task.phase ? renamed(task.phase) : task.phase;
      task.dependencies = task.dependencies.map(renamed);
    }
  }
  return JSON.stringify(file);
}

const rows = PROJECTS * (TASKS + 1);
for (const dialect of benchDialects()) {
  const database = await createBenchDatabase(dialect);
  const app = await startApp(PORT, { databaseUrl: database.url });
  try {
    const headers = await signIn(app.url);
    const placed = await importFile(app.url, headers, generatedFile());
    const ids = placed.projects.map((p) => p.id);

    let started = performance.now();
    const res = await fetch(`${app.url}/enterprise-projects/export`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ project_ids: ids, format: "json" }),
    });
    const exported = await res.text();
    const exportSeconds = (performance.now() - started) / 1000;
    if (!res.ok) throw new Error(`Export failed: ${res.status} ${exported.slice(0, 300)}`);

    // The same projects again under new ids: every project and task is created.
    const copy = underNewIds(exported);
    started = performance.now();
    await importFile(app.url, headers, copy);
    const importSeconds = (performance.now() - started) / 1000;

    console.log(
      `${dialectName(dialect)}: ${PROJECTS} projects × ${TASKS} tasks (${
        rows.toLocaleString("en")
      } rows, ${(exported.length / 1e6).toFixed(1)} MB): export ${exportSeconds.toFixed(2)} s = ${
        Math.round(rows / exportSeconds).toLocaleString("en")
      } rows/s; import ${importSeconds.toFixed(2)} s = ${
        Math.round(rows / importSeconds).toLocaleString("en")
      } rows/s`,
    );
  } finally {
    await app.stop();
    await database.drop();
  }
}
if (benchDialects().length === 1) console.log(`PostgreSQL: not measured (${POSTGRES_HINT})`);
