/**
 * Related records carry their context. The measured task of issue 24 — a client,
 * then one of its projects, then three of the project's tasks, then one status
 * change — done as a person does it from the dashboard, counting every click and
 * every field typed into: at most 15 clicks and 12 typed fields, at desktop and
 * phone size. Every step goes through `Person`, so nothing the person does goes
 * uncounted; checks read the screen only. Then the links: a payment allocation's
 * and a task dependency's pickers offer only what fits, and a converted lead's
 * client is a link.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

/** A run-unique word, so this run's records are told apart in a seeded database. */
const RUN = Date.now().toString(36);

const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 }, phone: false },
  { name: "phone", viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** What a person does on the page, counted: clicks (a select's choice is two) and typed fields. */
class Person {
  clicks = 0;
  typed = 0;
  constructor(readonly page: Page) {}

  async click(target: Locator): Promise<void> {
    await target.click();
    this.clicks += 1;
  }

  async type(target: Locator, text: string): Promise<void> {
    await target.fill(text);
    this.typed += 1;
  }

  /** Opens a select and picks an option by its label. */
  async choose(target: Locator, label: string): Promise<void> {
    await target.selectOption({ label });
    this.clicks += 2;
  }
}

/** The date 60 days from now, as a date input takes it. */
function inTwoMonths(): string {
  return new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
}

/** The panel (a titled section) of a form, by its title. */
function panel(page: Page, title: string): Locator {
  return page.locator("section.section").filter({
    has: page.getByRole("heading", { name: title, exact: true }),
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.phone });

    test("a client, its project, three tasks and a status change take at most 15 clicks and 12 typed fields", async ({ page }) => {
      const client = `Harbour Foods ${size.name} ${RUN}`;
      const project = `Harbour launch ${size.name} ${RUN}`;
      const tasks = ["Kick-off meeting", "Collect requirements", "First draft"].map((t) =>
        `${t} ${RUN}`
      );
      await signIn(page, "admin@acme.test");
      const person = new Person(page);

      if (size.phone) await person.click(page.getByRole("button", { name: "Expand sidebar" }));
      await person.click(
        page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", {
          name: "Clients",
          exact: true,
        }).first(),
      );
      await person.click(page.getByRole("button", { name: "New", exact: true }));
      let form = page.getByRole("form");
      await person.type(form.getByRole("textbox", { name: "Client name", exact: true }), client);
      await person.click(form.getByRole("button", { name: "Save", exact: true }));
      await expect(page).toHaveURL(/\/app\/clients\/(?!new)[^/?]+$/);

      await person.click(panel(page, "Projects").getByRole("button", { name: "New" }));
      form = page.getByRole("form");
      await expect(form.getByRole("combobox", { name: "Client", exact: true })).toHaveValue(client);
      await person.type(form.getByRole("textbox", { name: "Project name", exact: true }), project);
      await person.type(
        form.getByRole("textbox", { name: "End date", exact: true }),
        inTwoMonths(),
      );
      await person.click(form.getByRole("button", { name: "Save", exact: true }));
      await expect(page).toHaveURL(/\/app\/projects\/(?!new)[^/?]+$/);

      await person.click(panel(page, "Tasks").getByRole("button", { name: "New" }));
      form = page.getByRole("form");
      const projectBox = form.getByRole("combobox", { name: "Project", exact: true });
      await expect(projectBox).toHaveValue(project);
      const title = form.getByRole("textbox", { name: "Title", exact: true });
      for (const [i, task] of tasks.entries()) {
        await person.type(title, task);
        const last = i === tasks.length - 1;
        await person.click(
          form.getByRole("button", { name: last ? "Save" : "Save and new", exact: true }),
        );
        if (!last) {
          await expect(page.getByText(`Task ${task} created`)).toBeVisible();
          await expect(title).toHaveValue("");
          await expect(projectBox).toHaveValue(project);
        }
      }
      await expect(page).toHaveURL(/\/app\/tasks\/(?!new)[^/?]+$/);
      form = page.getByRole("form", { name: tasks[2] });
      await person.choose(
        form.getByRole("combobox", { name: "Status", exact: true }),
        "In progress",
      );
      await person.click(form.getByRole("button", { name: "Save", exact: true }));
      await expect(form.getByRole("button", { name: "Save", exact: true })).toBeEnabled();

      expect(person.clicks, "clicks").toBeLessThanOrEqual(15);
      expect(person.typed, "typed fields").toBeLessThanOrEqual(12);

      // What was made: the task links back to its project, the project to its client, and
      // the project's Tasks panel lists all three, the last one in progress.
      await form.getByRole("link", { name: `Open ${project}`, exact: true }).click();
      await expect(page).toHaveURL(/\/app\/projects\/(?!new)[^/?]+$/);
      const tasksPanel = panel(page, "Tasks");
      for (const task of tasks) await expect(tasksPanel.getByText(task)).toBeVisible();
      await expect(tasksPanel.getByRole("row").filter({ hasText: tasks[2] })).toContainText(
        "In progress",
      );
      await reviewShot(page, `context-flow-${size.name}-project`, { fullPage: true });
      await page.getByRole("form").getByRole("link", { name: `Open ${client}`, exact: true })
        .click();
      await expect(page).toHaveURL(/\/app\/clients\/(?!new)[^/?]+$/);
      await expect(panel(page, "Projects").getByText(project)).toBeVisible();
      console.log(`${size.name}: ${person.clicks} clicks, ${person.typed} typed fields`);
    });
  });
}

/** Calls the record API as `email` (signed in through the API, not the page). */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post("/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return async (path: string, data: Record<string, unknown>) => {
    const answer = await request.post(`/api/records${path}`, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).record as { id: string; name: string; version: number };
  };
}

/** The page is no wider than its window (nothing slides sideways on a phone). */
async function fitsTheWidth(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: globalThis.innerWidth,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
}

for (const size of SIZES) {
  test.describe(`links at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.phone });

    test("a payment's allocation picker offers only its client's submitted invoices that still owe", async ({ page, request }) => {
      const finance = await apiAs(request, "finance@acme.test");
      const admin = await apiAs(request, "admin@acme.test");
      const word = `Pick${size.name}${RUN}`;
      const mine = await admin("/client", { values: { name: `${word} Mine` } });
      const other = await admin("/client", { values: { name: `${word} Other` } });
      const invoice = (client: string) =>
        finance("/invoice", {
          values: { client, lines: [{ description: "Workshop", quantity: 1, rate: 300 }] },
        });
      const submit = async (draft: { id: string; version: number }) =>
        await finance(`/invoice/${draft.id}/actions/submit`, { version: draft.version });
      const open = await submit(await invoice(mine.id));
      await invoice(mine.id);
      await submit(await invoice(other.id));

      await signIn(page, "finance@acme.test", "/app/payments/new");
      const form = page.getByRole("form");
      const client = form.getByRole("combobox", { name: "Client", exact: true });
      await client.fill(word);
      await page.getByRole("option", { name: `${word} Mine` }).click();
      await form.getByRole("button", { name: "Add row" }).click();
      const cell = form.getByRole("table", { name: "Allocations" }).getByRole("combobox", {
        name: "Invoice row 1",
      });
      await cell.click();
      const offered = page.getByRole("listbox").getByRole("option");
      await expect(offered).toHaveCount(1);
      await expect(offered).toHaveText(open.name);
      await offered.click();
      await expect(cell).toHaveValue(open.name);
      await expect(form.getByRole("link", { name: `Open ${word} Mine` })).toBeVisible();
      await fitsTheWidth(page);
      await reviewShot(page, `context-payment-${size.name}`, { fullPage: true });
    });

    test("a task's dependency picker offers only other tasks of its project", async ({ page, request }) => {
      const admin = await apiAs(request, "admin@acme.test");
      const word = `Dep${size.name}${RUN}`;
      const end = inTwoMonths();
      const here = await admin("/project", { values: { name: `${word} Here`, end_date: end } });
      const there = await admin("/project", { values: { name: `${word} There`, end_date: end } });
      const task = (title: string, project: string) =>
        admin("/task", { values: { title: `${word} ${title}`, project } });
      const design = await task("design", here.id);
      await task("build", here.id);
      await task("elsewhere", there.id);

      await signIn(page, "admin@acme.test", `/app/tasks/${design.id}`);
      const form = page.getByRole("form", { name: `${word} design` });
      await form.getByRole("tab", { name: "Planning" }).click();
      await form.getByRole("button", { name: "Add row" }).click();
      const cell = form.getByRole("combobox", { name: "Task row 1" });
      await cell.fill(word);
      const offered = page.getByRole("listbox").getByRole("option");
      await expect(offered).toHaveCount(1);
      await expect(offered).toContainText(`${word} build`);
      await fitsTheWidth(page);
    });

    test("a lead converted into a client links to it, and the client lists the lead", async ({ page, request }) => {
      const admin = await apiAs(request, "admin@acme.test");
      const company = `Converted ${size.name} ${RUN}`;
      const lead = await admin("/lead", {
        values: { name: "Dana Reyes", company, source: "website" },
      });
      await admin(`/lead/${lead.id}/actions/convert`, { version: lead.version });

      await signIn(page, "admin@acme.test", `/app/lead-detail/${lead.id}`);
      const link = page.getByRole("form").getByRole("link", { name: company, exact: true });
      await expect(link).toBeVisible();
      await fitsTheWidth(page);
      await reviewShot(page, `context-lead-${size.name}`, { fullPage: true });
      await link.click();
      await expect(page).toHaveURL(/\/app\/clients\/(?!new)[^/?]+$/);
      await expect(page.getByRole("heading", { name: company, level: 2 })).toBeVisible();
      // The client's Converted leads panel names the lead it came from.
      await expect(panel(page, "Converted leads").getByText("Dana Reyes")).toBeVisible();
    });
  });
}
