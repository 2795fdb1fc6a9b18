/**
 * Records through their generated screens, as people use them: a task created
 * through its form, one task edited in two tabs (the second save is told of the
 * conflict and keeps what it typed), three tasks assigned at once, a lead
 * converted into a client, a sales user without Delete on a lead (and refused by
 * the API), and the task list and form on a phone.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

/** A run-unique word, so a test's records are found by search in a seeded database. */
const RUN = Date.now().toString(36);

/** Picks `title` in the link type-ahead labelled `label`, typing `text` first. */
async function pickLink(page: Page, label: string, text: string, title: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.fill(text);
  await page.getByRole("option", { name: new RegExp(`^${title}`) }).first().click();
  await expect(box).toHaveValue(title);
}

/** Opens the task form `/app/tasks/new`, fills it and saves; answers the new task's address. */
async function createTask(page: Page, title: string): Promise<string> {
  await page.goto("/app/tasks/new");
  const form = page.getByRole("form");
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/tasks\/(?!new)[^/]+$/);
  return new URL(page.url()).pathname;
}

/** Searches the list on screen for `text`. */
async function searchList(page: Page, plural: string, text: string): Promise<void> {
  await page.getByRole("searchbox", { name: `Search ${plural}` }).fill(text);
}

test("a task is created through its form and found in the Tasks list", async ({ page }) => {
  const title = `Draft the rollout plan ${RUN}`;
  await signIn(page, "admin@acme.test", "/app/tasks");
  await page.getByRole("button", { name: "New", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/tasks\/new$/);
  const form = page.getByRole("form");
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await pickLink(page, "Project", "ERP Roll", "Northwind ERP Rollout");
  await pickLink(page, "Assignee", "Maya", "Maya Patel");
  await form.getByRole("combobox", { name: "Status", exact: true }).selectOption({
    label: "In progress",
  });
  await form.getByRole("combobox", { name: "Priority", exact: true }).selectOption({
    label: "High",
  });
  await form.getByLabel("Due date", { exact: true }).fill("2026-12-15");
  await form.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByText(`Task ${title} created`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/tasks\/(?!new)[^/]+$/);
  const saved = page.getByRole("form", { name: title });
  await expect(saved.getByRole("heading", { name: title })).toBeVisible();
  await expect(saved.getByText(/^TSK-\d{4}-\d{5}$/)).toBeVisible();
  await expect(saved.getByRole("combobox", { name: "Priority", exact: true })).toHaveValue("3");
  await expect(saved.getByRole("combobox", { name: "Assignee" })).toHaveValue("Maya Patel");

  await page.goto("/app/tasks");
  await searchList(page, "Tasks", RUN);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/TSK-\d{4}-\d{5}/);
  await expect(row).toContainText("Northwind ERP Rollout");
  await expect(row).toContainText("Maya Patel");
  await expect(row).toContainText("High");
});

test("a task saved in one tab shows the conflict in the other and keeps its typed value", async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, "admin@acme.test", "/app/tasks");
  const title = `Review the contract ${RUN}`;
  const path = await createTask(first, title);
  const second = await context.newPage();
  await second.goto(path);
  const formB = second.getByRole("form", { name: title });
  await expect(formB.getByRole("heading", { name: title })).toBeVisible();

  // Tab B starts typing; then tab A renames the task and saves.
  const tagsB = formB.getByRole("textbox", { name: "Tags", exact: true });
  await tagsB.fill("legal, urgent");
  const renamed = `${title} (signed)`;
  const formA = first.getByRole("form", { name: title });
  await formA.getByRole("textbox", { name: "Title", exact: true }).fill(renamed);
  await first.getByRole("form", { name: renamed }).getByRole("button", { name: "Save" }).click();
  await expect(first.getByRole("form", { name: renamed }).getByRole("button", { name: "Save" }))
    .toBeEnabled();
  await expect(first.getByText("changed by someone else")).toHaveCount(0);

  // Tab B saves its edit: it is told someone else changed the task, and keeps its value.
  await formB.getByRole("button", { name: "Save" }).click();
  const banner = second.getByRole("alert").filter({ hasText: "changed by someone else" });
  await expect(banner).toBeVisible();
  await expect(tagsB).toHaveValue("legal, urgent");
  await expect(formB.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
  await reviewShot(second, "record-conflict");

  // Reload brings A's title under B's kept edit; B's save then goes through.
  await banner.getByRole("button", { name: "Reload" }).click();
  await expect(banner).toBeHidden();
  const reloaded = second.getByRole("form", { name: renamed });
  await expect(reloaded.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(renamed);
  await expect(reloaded.getByRole("textbox", { name: "Tags", exact: true })).toHaveValue(
    "legal, urgent",
  );
  await reloaded.getByRole("button", { name: "Save" }).click();
  await expect(second.getByRole("alert")).toHaveCount(0);
  await first.reload();
  const fresh = first.getByRole("form", { name: renamed });
  await expect(fresh.getByRole("textbox", { name: "Tags", exact: true })).toHaveValue(
    "legal, urgent",
  );
});

test("three tasks are assigned to one person at once from the Tasks list", async ({ page }) => {
  await signIn(page, "admin@acme.test", "/app/tasks");
  const word = `bulk${RUN}`;
  const titles = ["Order the badges", "Book the venue", "Send the invites"].map((t) =>
    `${t} ${word}`
  );
  for (const title of titles) await createTask(page, title);

  await page.goto("/app/tasks");
  await searchList(page, "Tasks", word);
  const rows = page.getByRole("row").filter({ hasText: word });
  await expect(rows).toHaveCount(3);
  for (const title of titles) {
    await page.getByRole("checkbox", { name: `Select ${title}`, exact: true }).check();
  }
  const bar = page.getByRole("region", { name: "Selected records" });
  await expect(bar).toContainText("3 selected");
  await bar.getByRole("button", { name: "Bulk edit" }).click();
  const edit = bar.getByRole("form", { name: "Bulk edit" });
  await edit.getByLabel("Field").selectOption({ label: "Assignee" });
  const person = edit.getByRole("combobox", { name: "New value" });
  await person.fill("Tom");
  await page.getByRole("option", { name: /^Tom Becker/ }).click();
  await expect(person).toHaveValue("Tom Becker");
  await edit.getByRole("button", { name: "Apply to 3 tasks" }).click();

  await expect(page.getByRole("region", { name: "Notices" })).toContainText("3 updated");
  for (const title of titles) {
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Tom Becker");
  }
});

test("a qualified lead is converted into a client", async ({ page }) => {
  await signIn(page, "admin@acme.test", "/app/leads");
  const qualified = page.getByRole("row").filter({ hasText: "Qualified" }).first();
  await qualified.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/app\/lead-detail\/[^/]+$/);
  const form = page.getByRole("form");
  await expect(form.getByRole("combobox", { name: "Stage", exact: true })).toHaveValue(
    "qualified",
  );
  const company = await form.getByRole("textbox", { name: "Company", exact: true }).inputValue();
  const person = await form.getByRole("textbox", { name: "Contact name", exact: true })
    .inputValue();
  const client = company.trim() || person;

  await form.getByRole("button", { name: "Convert to client" }).click();
  const asked = page.getByRole("alertdialog", { name: "Convert to client" });
  await expect(asked).toContainText("Create a client from this lead and mark it won?");
  await asked.getByRole("button", { name: "Convert to client" }).click();
  await expect(form.getByRole("combobox", { name: "Stage", exact: true })).toHaveValue("won");
  await expect(form.getByRole("button", { name: "Convert to client" })).toHaveCount(0);
  const link = form.locator(".record-field-link").filter({ hasText: "Client" });
  await expect(link).toContainText(client);
  await reviewShot(page, "lead-converted");

  await page.goto("/app/clients");
  await searchList(page, "Clients", client);
  await expect(page.getByRole("row").filter({ hasText: client }).first()).toBeVisible();
});

test("a sales user sees no Delete on a lead, and the API refuses the delete", async ({ page }) => {
  await signIn(page, "sales@acme.test", "/app/leads");
  await page.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/app\/lead-detail\/[^/]+$/);
  const form = page.getByRole("form");
  await expect(form.getByRole("button", { name: "Save" })).toBeVisible();
  await expect(
    form.getByRole("button", { name: "Convert to client" }).or(
      form.getByRole("combobox", { name: "Stage", exact: true }),
    ).first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const login = await page.request.post("/auth/login", {
    data: { email: "sales@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const lead = await page.request.get(`/api/records/lead/${id}`, { headers });
  expect(lead.status()).toBe(200);
  const version = (await lead.json()).record.version;
  const refused = await page.request.delete(`/api/records/lead/${id}?version=${version}`, {
    headers,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toContain("leads.delete");
  const still = await page.request.get(`/api/records/lead/${id}`, { headers });
  expect(still.status()).toBe(200);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the Tasks list and a task form are usable", async ({ page }) => {
    await signIn(page, "admin@acme.test", "/app/tasks");
    await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
    const firstRow = page.getByRole("row").nth(1);
    const number = firstRow.getByRole("link").first();
    await expect(number).toBeInViewport();
    await expect(number).toHaveText(/^TSK-\d{4}-\d{5}$/);
    await reviewShot(page, "phone-record-list");

    await number.click();
    await expect(page).toHaveURL(/\/app\/tasks\/(?!new)[^/]+$/);
    await expect(page.getByRole("heading", { name: "Task", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toBeInViewport();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toBeInViewport();
    await reviewShot(page, "phone-record-form");
  });
});
