/**
 * The Schedule tab of an enterprise project: the proposed schedule is shown
 * beside today's (in the timeline chart and the table), and Apply (after a confirmation) writes the proposed dates to
 * the tasks, so the tab's current dates change.
 */
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support.ts";

test("apply an optimised schedule and see the task dates change", async ({ page }) => {
  const login = await page.request.post("/auth/login", {
    data: { email: "admin@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const created = await page.request.post("/enterprise-projects", {
    headers,
    data: {
      name: "Schedule rehearsal",
      members: [{ user: "usr_acme_admin", role: "developer", allocation_percent: 50 }],
    },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()).project;
  const task = async (title: string, dependencies: { depends_on: string }[] = []) => {
    const res = await page.request.post("/api/records/task", {
      headers,
      data: {
        values: {
          title,
          project: project.id,
          assignee: "usr_acme_admin",
          estimated_hours: 8,
          start_date: "2026-01-05",
          due_date: "2026-01-06",
          dependencies,
        },
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).record;
  };
  const design = await task("Design the ledger");
  const build = await task("Build the ledger", [{ depends_on: design.id }]);

  await signIn(page, "admin@acme.test");
  await page.goto(`/app/projects/${project.id}`);
  await page.getByRole("tab", { name: "Schedule" }).click();
  const row = page.getByRole("row").filter({ hasText: "Build the ledger" });
  await expect(row.getByText("Critical", { exact: true })).toBeVisible();
  const before = await row.getByRole("cell").nth(2).innerText();
  // The timeline draws both: the dates the task has today and the proposed ones.
  const chart = page.getByRole("img", { name: "Today's dates against the proposed schedule" });
  const todayBar = (dates: string) =>
    chart.locator("title").filter({ hasText: `Build the ledger: Dates today ${dates}` });
  await expect(todayBar("Jan 5, 2026 – Jan 6, 2026")).toHaveCount(1);
  const proposed = await chart.locator("title").filter({
    hasText: /^Build the ledger: Proposed, on the critical path /,
  }).textContent();
  const proposedDates = proposed!.replace(/^.* critical path /, "");

  // Apply asks first, in the product's own dialog.
  await page.getByRole("button", { name: "Apply proposed schedule" }).click();
  await page.getByRole("alertdialog", { name: "Apply schedule" })
    .getByRole("button", { name: "Apply schedule" }).click();
  await expect(row.getByRole("cell").nth(2)).not.toHaveText(before);
  // Applied: the task's dates today are the dates that were proposed.
  await expect(todayBar(proposedDates)).toHaveCount(1);

  const stored = await page.request.get(`/api/records/task/${build.id}`, { headers });
  const record = (await stored.json()).record;
  expect(record.start_date).not.toBe("2026-01-05");
  expect(record.due_date >= record.start_date).toBe(true);
});
