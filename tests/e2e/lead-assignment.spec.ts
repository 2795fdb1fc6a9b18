/**
 * Lead assignment in the browser, at desktop and phone size: the administrator
 * adds an assignment rule on its form (leads of one territory to one person), a
 * lead created in that territory goes to that person and its Assignments tab
 * says which rule gave it; then three leads are given to a salesperson at once
 * on the bulk assignment screen. Each run makes its own territory, rule and
 * leads, and switches its rule off at the end, so other specs keep their owners.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, SIZES } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RUN = Date.now().toString(36);

test.setTimeout(120_000);

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post("/auth/login", {
    data: { email: "admin@acme.test", password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${(await login.json()).access_token}` };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("the administrator adds a rule and a new lead it matches goes to its person", async ({ page, request }) => {
      const territory = `Rule ${size.name} ${RUN}`;
      const name = `Territory ${size.name} ${RUN}`;
      await signIn(page, "admin@acme.test", "/app/lead-assignment/rules");
      await expect(page.getByRole("heading", { name: "Assignment rules", level: 1 })).toBeVisible();
      await page.goto("/app/lead-assignment/rules/new");
      const form = page.getByRole("form");
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Territories").fill(territory);
      await form.getByRole("combobox", { name: "Assign to" }).selectOption({ label: "One person" });
      const person = form.getByRole("combobox", { name: "Person" });
      await person.fill("Frank");
      await page.getByRole("option", { name: /Frank Chen/ }).first().click();
      await reviewShot(page, `lead-assignment-rule-form-${size.name}`, { fullPage: true });
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText(/saved/i).first()).toBeVisible();

      const headers = await adminHeaders(request);
      const made = await request.post("/api/records/lead", {
        headers,
        data: { values: { name: `Tess Territory ${size.name}`, source: "website", territory } },
      });
      expect(made.status(), await made.text()).toBe(201);
      const lead = (await made.json()).record;
      expect(lead.owner).toBe("usr_acme_finance");

      await page.goto(`/app/lead-detail/${lead.id}`);
      await expect(page.getByRole("form")).toContainText("Tess Territory");
      await page.getByRole("tab", { name: "Assignments" }).click();
      await expect(page.getByText(`Rule "${name}": assigned to one person`)).toBeVisible();
      await reviewShot(page, `lead-assignment-lead-${size.name}`, { fullPage: true });

      await page.goto("/app/lead-assignment/rules");
      await expect(page.getByText(name).first()).toBeVisible();
      await reviewShot(page, `lead-assignment-rules-${size.name}`, { fullPage: true });

      // The rule is switched off so later runs and other specs keep the owners they expect.
      const rules = await request.post("/api/records/lead_assignment_rule/list", {
        headers,
        data: { search: name },
      });
      const [rule] = (await rules.json()).items;
      const off = await request.patch(`/api/records/lead_assignment_rule/${rule.id}`, {
        headers,
        data: { version: rule.version, values: { active: false } },
      });
      expect(off.status(), await off.text()).toBe(200);
    });

    test("three leads are given to a salesperson at once on the bulk screen", async ({ page, request }) => {
      const territory = `Bulk ${size.name} ${RUN}`;
      const headers = await adminHeaders(request);
      const ids: string[] = [];
      for (let i = 1; i <= 3; i++) {
        const made = await request.post("/api/records/lead", {
          headers,
          data: { values: { name: `Bea Bulk ${i}`, source: "event", territory } },
        });
        expect(made.status(), await made.text()).toBe(201);
        ids.push((await made.json()).record.id);
      }
      await signIn(page, "admin@acme.test", "/app/lead-assignment/bulk");
      await expect(page.getByRole("heading", { name: "Bulk Lead Assignment", level: 1 }))
        .toBeVisible();
      await page.getByLabel("Territory").fill(territory);
      const to = page.getByRole("combobox", { name: "Assign to" });
      await to.fill("Sara");
      await page.getByRole("option", { name: /Sara Lopez/ }).first().click();
      await page.getByLabel("Why").fill("Event follow-up");
      await reviewShot(page, `lead-assignment-bulk-${size.name}`, { fullPage: true });
      await page.getByRole("button", { name: "Assign leads" }).click();
      await expect(page.getByText("Leads assigned").first()).toBeVisible();
      await expect(page.getByText("Leads given a new owner")).toBeVisible();
      await reviewShot(page, `lead-assignment-bulk-done-${size.name}`, { fullPage: true });
      for (const id of ids) {
        const read = await request.get(`/api/records/lead/${id}`, { headers });
        expect((await read.json()).record.owner).toBe("usr_acme_sales");
      }

      await page.goto("/app/lead-assignment");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await reviewShot(page, `lead-assignment-list-${size.name}`, { fullPage: true });
    });
  });
}
