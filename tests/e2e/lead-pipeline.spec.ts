/**
 * The pipeline by stage, at desktop and phone size: the sales user sees each
 * stage's count, sum and probability-weighted sum on the leads board, moves a lead
 * on from New and is refused Won (only people allowed to win leads may); the admin
 * then moves it to Won, the lead's stage log keeping both moves, and sets a stage's
 * probability in Lead Workflow, which the board's weighted sum follows.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const REFUSAL = "Only people allowed to win leads may mark a lead won";
const RUN = Date.now().toString(36);

function column(page: Page, stage: string): Locator {
  return page.locator(`[data-board-column="${stage}"]`);
}

function card(page: Page, stage: string, id: string): Locator {
  return column(page, stage).locator(`[data-card-id="${id}"]`);
}

/** A money text of the board ("$1,234.50", "Weighted $925.00") as a number. */
function amountOf(text: string): number {
  return Number(text.replace(/[^0-9.-]/g, ""));
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).access_token;
}

async function openBoard(page: Page, email: string): Promise<void> {
  await signIn(page, email, "/app/leads");
  await page.getByRole("button", { name: "Board", exact: true }).click();
  await expect(page).toHaveURL(/layout=board/);
  await expect(column(page, "new").locator(".board-card").first()).toBeVisible();
}

/** Moves a card through its "Move to" menu (a phone's way; a desktop drags). */
async function moveByMenu(from: Locator, title: string, to: string): Promise<void> {
  await from.locator("xpath=..").getByRole("combobox", { name: `Move ${title} to` })
    .selectOption({ label: to });
}

async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + 16);
  await page.mouse.down();
  await to.scrollIntoViewIfNeeded();
  const end = (await to.boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await expect(to).toHaveClass(/is-target/);
  await page.mouse.up();
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.name === "phone" });

    test("a lead goes through the kanban to Won with weighted sums, and a stage's probability is set in Lead Workflow", async ({ page, browser, request }) => {
      // Two people's sessions and three screens: more than one flow's time.
      test.setTimeout(180_000);
      const desktop = size.name === "desktop";
      const sales = await tokenOf(request, "sales@acme.test");
      const title = `Pia Pipeline ${size.name} ${RUN}`;
      const created = await request.post("/api/records/lead", {
        headers: { authorization: `Bearer ${sales}` },
        data: {
          values: {
            name: title,
            company: "Tailspin Toys",
            source: "referral",
            stage: "new",
            estimated_value: 40_000,
          },
        },
      });
      expect(created.status()).toBe(201);
      const id = (await created.json()).record.id as string;

      await openBoard(page, "sales@acme.test");
      await expect(card(page, "new", id)).toBeAttached();
      await expect(column(page, "new").locator(".board-column-weighted")).toHaveText(
        /^Weighted \$[0-9,]+\.\d\d$/,
      );
      // The weighted sum is the stage's value at its probability (New: 10%).
      await expect.poll(async () => {
        const sum = amountOf(await column(page, "new").locator(".board-column-sum").innerText());
        const weighted = amountOf(
          await column(page, "new").locator(".board-column-weighted").innerText(),
        );
        return Math.round(weighted * 100) - Math.round(sum * 10);
      }, { timeout: 20_000 }).toBe(0);
      await page.locator(".layout-switch").evaluate((e) =>
        scrollTo(0, e.getBoundingClientRect().top + scrollY - 72)
      );
      await reviewShot(page, `lead-pipeline-board-${size.name}`);

      if (desktop) await dragTo(page, card(page, "new", id), column(page, "contacted"));
      else await moveByMenu(card(page, "new", id), title, "Contacted");
      await expect(card(page, "contacted", id)).toBeAttached();
      await expect(card(page, "new", id)).toHaveCount(0);

      if (desktop) await dragTo(page, card(page, "contacted", id), column(page, "won"));
      else await moveByMenu(card(page, "contacted", id), title, "Won");
      await expect(page.getByRole("alert").filter({ hasText: REFUSAL })).toBeVisible();
      await expect(card(page, "contacted", id)).toBeAttached();
      await reviewShot(page, `lead-pipeline-won-refused-${size.name}`);

      // The admin may win leads.
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: size.viewport,
        hasTouch: !desktop,
      });
      const admin = await context.newPage();
      await openBoard(admin, "admin@acme.test");
      await expect(card(admin, "contacted", id)).toBeAttached();
      if (desktop) await dragTo(admin, card(admin, "contacted", id), column(admin, "won"));
      else await moveByMenu(card(admin, "contacted", id), title, "Won");
      await expect(card(admin, "won", id)).toBeAttached();
      await expect(card(admin, "contacted", id)).toHaveCount(0);
      await reviewShot(admin, `lead-pipeline-won-${size.name}`);

      const stored = await request.get(`/api/records/lead/${id}`, {
        headers: { authorization: `Bearer ${sales}` },
      });
      const lead = (await stored.json()).record as {
        stage: string;
        stage_changes: { from_stage: string; to_stage: string }[];
      };
      expect(lead.stage).toBe("won");
      expect(lead.stage_changes.map((c) => `${c.from_stage}>${c.to_stage}`)).toEqual([
        "new>contacted",
        "contacted>won",
      ]);

      // Lead Workflow: the proposal stage's probability, which the board follows.
      const probability = desktop ? 75 : 65;
      await admin.goto("/app/lead-workflow");
      await expect(admin.getByRole("heading", { name: "Lead stages", level: 1 })).toBeVisible();
      await expect(admin.getByText("Proposal sent").first()).toBeVisible();
      await reviewShot(admin, `lead-workflow-${size.name}`, { fullPage: true });
      await admin.getByRole("link", { name: "Proposal sent" }).first().click();
      const form = admin.getByRole("form");
      await form.getByLabel("Probability (%)").fill(String(probability));
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(admin.getByText(/saved/i).first()).toBeVisible();
      await reviewShot(admin, `lead-stage-form-${size.name}`, { fullPage: true });

      await admin.goto("/app/leads?layout=board");
      await expect(column(admin, "proposal").locator(".board-column-weighted")).toBeVisible();
      // Read together: the page may first paint what it showed on the last visit.
      const proposal = column(admin, "proposal");
      await expect.poll(async () => {
        const sum = amountOf(await proposal.locator(".board-column-sum").innerText());
        const weighted = amountOf(await proposal.locator(".board-column-weighted").innerText());
        return Math.round(weighted * 100) - Math.round(sum * probability);
      }, { timeout: 20_000 }).toBe(0);
      await column(admin, "proposal").scrollIntoViewIfNeeded();
      await reviewShot(admin, `lead-pipeline-weighted-${size.name}`);
      await context.close();
    });
  });
}
