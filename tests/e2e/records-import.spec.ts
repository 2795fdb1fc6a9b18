/**
 * Leads in and out as CSV through the Leads list: a file of 20 leads is checked
 * (a dry run: 20 to create, no problems), imported, found in the list, and the
 * list's export downloads a CSV holding them under a header line.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

/** A run-unique word, so the imported leads are found by search in a seeded database. */
const RUN = `imp${Date.now().toString(36)}`;

const SOURCES = ["Website", "Referral", "Event", "Partner"];
const STAGES = ["New", "Contacted", "Qualified"];

/** The 20 leads of the file, as the columns the Leads form shows. */
const LEADS = Array.from({ length: 20 }, (_, i) => {
  const n = String(i + 1).padStart(2, "0");
  return {
    name: `Casey ${RUN} ${n}`,
    email: `casey.${n}.${RUN}@example.test`,
    source: SOURCES[i % SOURCES.length],
    stage: STAGES[i % STAGES.length],
    value: 1000 * (i + 1),
  };
});

function leadsCsv(): string {
  const lines = [
    "Name,Email,Source,Stage,Estimated value",
    ...LEADS.map((l) => [l.name, l.email, l.source, l.stage, String(l.value)].join(",")),
  ];
  return lines.join("\r\n") + "\r\n";
}

test("20 leads are imported from a CSV file, then exported", async ({ page }) => {
  await signIn(page, "admin@acme.test", "/app/leads");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import Leads" });
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(leadsCsv(), "utf8"),
  });
  await dialog.getByRole("button", { name: "Check file" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Ready: 20 to create, 0 to update.");
  await reviewShot(page, "lead-import-checked");
  await dialog.getByRole("button", { name: "Import 20 rows" }).click();
  await expect(page.getByText("20 leads imported")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search Leads" }).fill(RUN);
  await expect(page.getByRole("row").filter({ hasText: RUN })).toHaveCount(20);
  const seventh = page.getByRole("row").filter({ hasText: LEADS[6].name });
  await expect(seventh).toContainText(LEADS[6].source);
  await expect(seventh).toContainText(LEADS[6].stage);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  const lines = text.split(/\r?\n/).filter((line) => line !== "");
  expect(lines[0]).toContain("Email");
  expect(lines[0]).toContain("Estimated value");
  for (const lead of LEADS) {
    const line = lines.find((l) => l.includes(lead.email));
    expect(line, lead.email).toBeDefined();
    expect(line).toContain(lead.name);
  }
});
