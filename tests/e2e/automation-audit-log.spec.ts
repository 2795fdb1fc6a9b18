/**
 * The automation audit log at desktop and phone size: the administrator changes a
 * project, then on the audit log chooses the kind of record and the project by
 * type-ahead, sees the entry's field changes in words (labels and dates, never
 * stored codes) and downloads the same entries as CSV.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const PROJECT = "prj_acme_internal";

/** Changes the project through the API as the administrator; answers its title. */
async function changeProject(
  request: APIRequestContext,
  values: Record<string, unknown>,
): Promise<string> {
  const login = await request.post("/auth/login", {
    data: { email: "admin@acme.test", password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const path = `/api/records/project/${PROJECT}`;
  const { record } = await (await request.get(path, { headers })).json();
  const changed = await request.patch(path, {
    headers,
    data: { version: record.version, values },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return String(record.name);
}

const CHANGES = {
  desktop: {
    values: { risk_level: "critical", end_date: "2027-03-31" },
    to: ["Critical", "Mar 31, 2027"],
  },
  phone: { values: { risk_level: "high", end_date: "2027-04-30" }, to: ["High", "Apr 30, 2027"] },
} as const;

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the administrator filters the audit log by a record, reads its field changes and downloads them", async ({ page, request }) => {
      const change = CHANGES[size.name as keyof typeof CHANGES];
      const title = await changeProject(request, change.values);
      await signIn(page, "admin@acme.test", "/app/automation/audit-log");
      await expect(page.getByRole("heading", { name: "Automation Audit Log" })).toBeVisible();

      await page.getByLabel("Kind of record").selectOption({ label: "Project" });
      const record = page.getByRole("combobox", { name: "Record", exact: true });
      await record.fill(title.slice(0, 6));
      await page.getByRole("option", { name: new RegExp(`^${title}`) }).first().click();
      await expect(record).toHaveValue(title);
      await page.getByRole("button", { name: "Apply filters" }).click();

      const rows = page.getByRole("row").filter({ hasText: title });
      const newest = rows.filter({ hasText: `Risk level:` }).filter({
        hasText: `→ ${change.to[0]}`,
      }).first();
      await expect(newest).toBeVisible();
      await expect(newest).toContainText(`End date:`);
      await expect(newest).toContainText(`→ ${change.to[1]}`);
      await expect(newest).toContainText("Alice Morgan");
      // Every entry listed is about the chosen project; no stored code shows.
      const table = page.getByRole("table");
      await expect(table).not.toContainText("critical");
      await expect(table).not.toContainText("2027-");
      await reviewShot(page, `automation-audit-log-${size.name}`, { fullPage: true });

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile(await file.path(), "utf8");
      expect(csv).toContain("When,By,Action,Kind,Record,Changes,Automation run");
      expect(csv).toContain(`Risk level: `);
      expect(csv).toContain(`→ ${change.to[0]}`);
      expect(csv).not.toContain(",Task,");
    });
  });
}
