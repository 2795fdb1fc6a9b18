/**
 * Benchmark: a board of 10,000 cards stays interactive. The lead list seen as a board
 * by stage (`/app/leads?layout=board`, 6 columns) is opened in Chromium (the real
 * server, the built client) with Acme holding 10,000 leads, and with it holding 100
 * (the seeded leads are taken out first, so the board shows exactly those), and the
 * bench prints the time from navigation until the first card of every column shows
 * (its first paint), and until the first card of the first column, dragged with the
 * mouse to the second, has been stored (the PATCH answered 200) and shows there (its
 * first successful drag), each against the 100-card board as a ratio, with what the
 * columns' headers counted and summed, and how many cards the page held at each
 * point (the board reads 20 a column, and more as a column's end is scrolled to).
 * Plane's board takes ≥ 5 s even when empty (plane#5115). Needs the client built
 * (`npm run build`). Each run a fresh browser context (no page kept from the last
 * visit) on a board filled afresh; medians of alternating runs after a first pass
 * of each; BENCH_PORT (default 8941), BENCH_RUNS (default 3).
 */
import { type Browser, chromium, type Locator, type Page } from "playwright";
import { openDatabase } from "../../server/db/open.ts";
import { ORGS } from "../../server/db/seed/demo-people.ts";
import { LEAD } from "../../server/areas/sales/types/lead.ts";
import { startApp } from "./servers.ts";
import { createBenchDatabase } from "./databases.ts";

const PORT = Number(Deno.env.get("BENCH_PORT") ?? 8941);
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 3);
const BIG = 10_000;
const SMALL = 100;
const ORG = ORGS.acme.id;
const ADMIN = "usr_acme_admin";
const SOURCES = ["website", "referral", "event", "cold_outreach", "partner", "social"];
/** The board's columns, in its order: the lead's stages. */
const STAGES = (LEAD.field.get("stage")!.options ?? []).map((o) => o.value);
const [FROM, TO] = STAGES;
/** What the pages wrote to the console as errors, and what they threw. */
const problems: string[] = [];

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

/** Leaves Acme exactly `count` leads, spread over the stages, each with its own board place. */
async function fill(url: string, count: number): Promise<void> {
  const db = openDatabase(url);
  try {
    await db.run(
      "DELETE FROM lead_assignments WHERE lead_id IN (SELECT id FROM leads WHERE organization_id = ?)",
      [ORG],
    );
    await db.run("DELETE FROM leads WHERE organization_id = ?", [ORG]);
    const now = Date.now();
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => start + i);
      await db.run(
        `INSERT INTO leads (id, organization_id, name, company, email, source, status, score,
           estimated_value, assigned_to, created_at, created_by, updated_at, board_rank, version)
         VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)").join(", ")}`,
        rows.flatMap((n) => {
          const id = `led_bench_${String(n).padStart(5, "0")}`;
          const at = new Date(now - n * 60_000).toISOString();
          return [
            id,
            ORG,
            `Bench Lead ${n}`,
            `Company ${n % 250}`,
            `lead${n}@bench.example`,
            SOURCES[n % SOURCES.length],
            STAGES[n % STAGES.length],
            n % 100,
            ((n * 104729) % 5_000_000) / 100,
            ADMIN,
            at,
            ADMIN,
            at,
            // As the seed: newest first, each lead in a place of its own.
            `${at}|${id}`,
          ];
        }),
      );
    }
  } finally {
    await db.close();
  }
}

function column(page: Page, stage: string): Locator {
  return page.locator(`#root [data-board-column="${stage}"]`);
}

/** Drags `from` with the mouse into the middle of `to`, as the lead board's flow does. */
async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + 16);
  await page.mouse.down();
  await to.scrollIntoViewIfNeeded();
  const end = (await to.boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.locator(`#root [data-board-column="${TO}"].is-target`).waitFor();
  await page.mouse.up();
}

interface Run {
  paint: number;
  drag: number;
  /** The cards in the page at the first paint and once the drag was done. */
  cards: { paint: number; drag: number };
  /** What each column's header said: its count and its sum. */
  columns: { stage: string; count: string; sum: string }[];
}

/** Milliseconds from navigation to the board's first paint and to its first stored drag. */
async function measure(browser: Browser, base: string, tokens: Record<string, string>) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: {
      cookies: [],
      origins: [{
        origin: base,
        localStorage: Object.entries(tokens).map(([name, value]) => ({ name, value })),
      }],
    },
  });
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  try {
    const started = performance.now();
    await page.goto(`${base}/app/leads?layout=board`);
    // The board itself (not a page kept from a last visit): a card at the top of every column.
    await page.waitForFunction(
      (stages) =>
        stages.every((s) =>
          document.querySelector(`#root [data-board-column="${s}"] .board-card`) !== null
        ),
      STAGES,
      { polling: "raf", timeout: 120_000 },
    );
    const paint = performance.now() - started;
    const cardsAtPaint = await page.locator("#root .board-card").count();
    const columns = await Promise.all(STAGES.map(async (stage) => {
      const sum = column(page, stage).locator(".board-column-sum");
      return {
        stage,
        count: (await column(page, stage).locator(".board-column-count").innerText()).trim(),
        sum: await sum.count() ? (await sum.innerText()).trim() : "no sum",
      };
    }));
    const first = column(page, FROM).locator(".board-card").first();
    const id = (await first.getAttribute("data-card-id"))!;
    const stored = page.waitForResponse((r) =>
      r.request().method() === "PATCH" && r.url().includes(`/lead/${encodeURIComponent(id)}`)
    );
    await dragTo(page, first, column(page, TO));
    const answer = await stored;
    if (answer.status() !== 200) {
      throw new Error(`The drag's PATCH answered ${answer.status()}: ${await answer.text()}`);
    }
    await column(page, TO).locator(`[data-card-id="${id}"]`).waitFor({ timeout: 60_000 });
    await column(page, FROM).locator(`[data-card-id="${id}"]`).waitFor({
      state: "detached",
      timeout: 60_000,
    });
    const drag = performance.now() - started;
    const cards = { paint: cardsAtPaint, drag: await page.locator("#root .board-card").count() };
    return { paint, drag, cards, columns } satisfies Run;
  } finally {
    await context.close();
  }
}

const database = await createBenchDatabase("sqlite");
const app = await startApp(PORT, { databaseUrl: database.url });
const browser = await chromium.launch({
  executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
});
try {
  const login = await fetch(`${app.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const session = await login.json();
  const tokens = { access_token: session.access_token, refresh_token: session.refresh_token };

  const runs = { big: [] as Run[], small: [] as Run[] };
  // A first pass of each warms the server and the browser's cache; it is not counted.
  for (let i = 0; i < RUNS + 1; i++) {
    for (const [size, count] of [["small", SMALL], ["big", BIG]] as const) {
      await fill(database.url, count);
      const run = await measure(browser, app.url, tokens);
      const shown = run.columns.reduce((n, c) => n + Number(c.count.replace(/,/g, "")), 0);
      if (shown !== count) {
        throw new Error(`The ${count}-card board's columns count ${shown} cards`);
      }
      if (i > 0) runs[size].push(run);
    }
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const shownColumns = (run: Run) =>
    run.columns.map((c) => `${c.stage} ${c.count} (${c.sum})`).join(", ");
  console.log(
    `Columns of the ${BIG.toLocaleString("en")}-card board: ${shownColumns(runs.big[0])}`,
  );
  console.log(`Columns of the ${SMALL}-card board: ${shownColumns(runs.small[0])}`);
  for (
    const [figure, of] of [
      ["first paint (a card in every column)", (r: Run) => r.paint],
      [`first successful drag (${FROM} to ${TO}, PATCH 200, card moved)`, (r: Run) => r.drag],
    ] as const
  ) {
    const [b, s] = [median(runs.big.map(of)), median(runs.small.map(of))];
    console.log(
      `Board of ${BIG.toLocaleString("en")} cards: ${figure} ${seconds(b)}; of ${SMALL} cards ${
        seconds(s)
      }; ratio ${(b / s).toFixed(2)} (Plane: ≥ 5 s even when empty)`,
    );
  }
  for (const [size, count] of [["big", BIG], ["small", SMALL]] as const) {
    const cards = runs[size].map((r) => `${r.cards.paint} then ${r.cards.drag}`).join("; ");
    console.log(
      `Cards in the page of the ${
        count.toLocaleString("en")
      }-card board at the first paint, then once the drag was done: ${cards}`,
    );
  }
  if (problems.length) {
    console.log(`Browser console errors (${problems.length}):`);
    for (const problem of new Set(problems)) console.log(`  ${problem}`);
  }
} finally {
  await browser.close();
  await app.stop();
  await database.drop();
}
