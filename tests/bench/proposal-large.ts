/**
 * Benchmark (issue 29): a 1,000-line proposal. On the server, changing one
 * line's quantity and saving the proposal (a PATCH sending its lines, as the form
 * does) against the same change on a 10-line proposal; budget ≤ 3. In Chromium
 * (the real server, the built client), the time from navigation until the lines
 * grid shows its last row and takes a typed quantity, against the 10-line form.
 * Odoo takes 30 s to edit one line of a 1,000-line order (odoo#77866); ERPNext
 * 5–10 s to add a line at 30–50 lines (erpnext#14624). Medians of alternating
 * runs; BENCH_PORT (default 8932), BENCH_RUNS (default 7).
 */
import { chromium, type Page } from "playwright";
import { startApp } from "./servers.ts";
import { createBenchDatabase } from "./databases.ts";
import { signIn } from "./records-leads.ts";

const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8932);
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 7);

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

type Line = Record<string, unknown>;

function lines(count: number): Line[] {
  return Array.from({ length: count }, (_, n) => ({
    section: `Phase ${1 + Math.floor(n / 100)}`,
    description: `Work package ${n + 1}`,
    quantity: 1 + (n % 5),
    rate: 100 + (n % 13) * 10,
    discount_percent: n % 10 === 0 ? 5 : 0,
    optional: n % 50 === 49,
  }));
}

const database = await createBenchDatabase("sqlite");
const app = await startApp(PORT, { databaseUrl: database.url });
const browser = await chromium.launch({
  executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
});
try {
  const headers = { ...(await signIn(app.url)), "content-type": "application/json" };
  const create = async (count: number) => {
    const res = await fetch(`${app.url}/api/records/proposal`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        values: {
          title: `Bench ${count} lines`,
          client: "cli_northwind",
          lines: lines(count),
        },
      }),
    });
    if (res.status !== 201) throw new Error(`Create: ${res.status} ${await res.text()}`);
    return (await res.json()).record as { id: string; version: number; lines: Line[] };
  };
  const big = await create(1000);
  const small = await create(10);

  /** Milliseconds to change the middle line's quantity and save, as the form sends it. */
  const saveOneChange = async (record: { id: string; version: number; lines: Line[] }) => {
    const changed = record.lines.map((line) => ({ ...line }));
    const middle = changed[Math.floor(changed.length / 2)];
    middle.quantity = Number(middle.quantity) === 3 ? 4 : 3;
    const started = performance.now();
    const res = await fetch(`${app.url}/api/records/proposal/${record.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ version: record.version, values: { lines: changed } }),
    });
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`Save: ${res.status} ${await res.text()}`);
    const saved = (await res.json()).record;
    Object.assign(record, { version: saved.version, lines: saved.lines });
    return took;
  };
  const saves = { big: [] as number[], small: [] as number[] };
  await saveOneChange(small);
  await saveOneChange(big);
  for (let i = 0; i < RUNS; i++) {
    saves.small.push(await saveOneChange(small));
    saves.big.push(await saveOneChange(big));
  }
  const [sb, ss] = [median(saves.big), median(saves.small)];
  console.log(
    `Save after changing one line's quantity: 1,000 lines ${sb.toFixed(0)} ms; 10 lines ${
      ss.toFixed(0)
    } ms; ratio ${(sb / ss).toFixed(2)} (budget ≤ 3; Odoo: 30 s, odoo#77866)`,
  );

  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${app.url}/login?next=%2Fapp%2Fdashboard`);
  await page.getByLabel("Email").fill("admin@acme.test");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  const timeToInteractive = async (p: Page, id: string, rows: number) => {
    const started = performance.now();
    await p.goto(`${app.url}/app/proposals/edit/${id}`);
    const last = p.getByLabel(`Quantity row ${rows}`, { exact: true });
    await last.waitFor({ state: "visible", timeout: 120_000 });
    await last.fill("7");
    await p.waitForFunction(
      (label) =>
        (document.querySelector(`[aria-label="${label}"]`) as HTMLInputElement)?.value === "7",
      `Quantity row ${rows}`,
    );
    return performance.now() - started;
  };
  const opens = { big: [] as number[], small: [] as number[] };
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    opens.small.push(await timeToInteractive(page, small.id, 10));
    opens.big.push(await timeToInteractive(page, big.id, 1000));
  }
  const [ob, os] = [median(opens.big), median(opens.small)];
  console.log(
    `Proposal form in Chromium, time to interactive: 1,000 lines ${
      (ob / 1000).toFixed(2)
    } s; 10 lines ${(os / 1000).toFixed(2)} s; ratio ${(ob / os).toFixed(2)}`,
  );
} finally {
  await browser.close();
  await app.stop();
  await database.drop();
}
