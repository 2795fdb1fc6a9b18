/**
 * Benchmark (issue 13): a record form holding 1,000 child rows opens and accepts
 * typing in Chromium, against the same form holding 10 rows. A project's team is
 * the child table: the bench gives one project 1,000 members and another 10, opens
 * each project's form in Chromium (the real server, the built client), and prints
 * the time from navigation until the team grid shows its last row and a typed
 * value appears in its last row's rate — the time to interactive — and the ratio.
 * Frappe freezes for 5–30 s at 1,234 rows (frappe#41901). Needs the client built
 * (`npm run build`). Medians of alternating runs; BENCH_PORT (default 8931).
 */
import { chromium, type Page } from "playwright";
import { openDatabase } from "../../server/db/open.ts";
import { startApp } from "./servers.ts";
import { createBenchDatabase } from "./databases.ts";

const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8931);
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 5);
const ORG = "org_acme";

try {
  await Deno.stat(new URL("../../client/dist/index.html", import.meta.url));
} catch {
  console.error("Build the client first: npm run build");
  Deno.exit(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Gives a project `count` team rows, in one statement. */
async function team(url: string, projectId: string, count: number) {
  const db = openDatabase(url);
  try {
    const users = await db.all<{ user_id: string }>(
      "SELECT user_id FROM user_organizations WHERE organization_id = ? ORDER BY user_id",
      [ORG],
    );
    await db.run("DELETE FROM project_members WHERE project_id = ?", [projectId]);
    for (let start = 0; start < count; start += 100) {
      const rows = Array.from({ length: Math.min(100, count - start) }, (_, i) => start + i);
      await db.run(
        `INSERT INTO project_members (id, organization_id, project_id, idx, user_id, role, hourly_rate, added_at)
         VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        rows.flatMap((n) => [
          `pmb_bench_${projectId}_${n}`,
          ORG,
          projectId,
          n,
          users[n % users.length].user_id,
          n % 7 === 0 ? "lead" : "developer",
          50 + (n % 40),
          "2026-01-05T09:00:00.000Z",
        ]),
      );
    }
  } finally {
    await db.close();
  }
}

/** Milliseconds from navigation until the grid's last row shows and takes a typed value. */
async function timeToInteractive(page: Page, base: string, projectId: string, rows: number) {
  const started = performance.now();
  await page.goto(`${base}/app/projects/${projectId}`);
  await page.getByRole("tab", { name: "Team" }).click();
  const grid = page.getByRole("table", { name: "Team" });
  const lastRate = grid.getByLabel(`Hourly rate row ${rows}`, { exact: true });
  await lastRate.waitFor({ state: "visible", timeout: 120_000 });
  await lastRate.fill("123");
  await page.waitForFunction(
    (label) =>
      (document.querySelector(`[aria-label="${label}"]`) as HTMLInputElement)?.value === "123",
    `Hourly rate row ${rows}`,
  );
  return performance.now() - started;
}

const database = await createBenchDatabase("sqlite");
const app = await startApp(PORT, { databaseUrl: database.url });
const browser = await chromium.launch({
  executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
});
try {
  const projects = openDatabase(database.url);
  const ids = (await projects.all<{ id: string }>(
    "SELECT id FROM projects WHERE organization_id = ? ORDER BY id LIMIT 2",
    [ORG],
  )).map((p) => p.id);
  await projects.close();
  const [big, small] = ids;
  await team(database.url, big, 1000);
  await team(database.url, small, 10);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${app.url}/login?next=%2Fapp%2Fdashboard`);
  await page.getByLabel("Email").fill("admin@acme.test");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  const times = { big: [] as number[], small: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    times.small.push(await timeToInteractive(page, app.url, small, 10));
    times.big.push(await timeToInteractive(page, app.url, big, 1000));
  }
  const [b, s] = [median(times.big), median(times.small)];
  console.log(
    `Form with 1,000 child rows: time to interactive ${(b / 1000).toFixed(2)} s; with 10 rows ${
      (s / 1000).toFixed(2)
    } s; ratio ${(b / s).toFixed(2)} (Frappe: 5–30 s at 1,234 rows)`,
  );
} finally {
  await browser.close();
  await app.stop();
  await database.drop();
}
