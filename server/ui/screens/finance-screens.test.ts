import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";

/** Every text a descriptor shows: the string values of its tree. */
function textsOf(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (node && typeof node === "object") return Object.values(node).flatMap(textsOf);
  return [];
}

Deno.test("an invoice report variant names its type by its title, never its code", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("finance@acme.test");
    const screen = await jsonOf(
      await t.call("GET", "/ui/screens/reports/invoice-reports?reportType=aging", { token }),
    );
    const texts = textsOf(screen);
    ok(texts.includes("Report type: Outstanding by age"), JSON.stringify(texts));
    assertEquals(texts.includes("Report type: aging"), false);
  } finally {
    await t.close();
  }
});

Deno.test("the staff dashboard shows finance figures only to those who see the finance dashboard", async () => {
  const t = await createTestApp();
  try {
    const labels = async (email: string) =>
      textsOf(
        await jsonOf(
          await t.call("GET", "/ui/screens/dashboard", { token: await t.tokenFor(email) }),
        ),
      );
    ok((await labels("finance@acme.test")).includes("Outstanding invoices"));
    assertEquals((await labels("sales@acme.test")).includes("Outstanding invoices"), false);
  } finally {
    await t.close();
  }
});

Deno.test("the printable invoice is a route of its own, for whoever may read invoices", async () => {
  const t = await createTestApp();
  try {
    const finance = await t.tokenFor("finance@acme.test");
    const routes = await jsonOf(await t.call("GET", "/ui/routes", { token: finance }));
    ok(
      (routes.routes as { path: string; screen: string }[]).some((r) =>
        r.path === "/app/invoices/print/:id" && r.screen === "invoices/print"
      ),
    );
    const screen = await jsonOf<{ sources: Record<string, unknown> }>(
      await t.call("GET", "/ui/screens/invoices/print?id=inv_1", { token: finance }),
    );
    assertEquals(screen.sources.invoice, {
      method: "GET",
      path: "/api/records/invoice/{id}/printable",
      label: "Invoice",
      critical: true,
    });
    const texts = textsOf(screen);
    for (const label of ["Print", "Download PDF", "Back to the invoice"]) {
      ok(texts.includes(label), label);
    }
    // What the invoice says is the printed document, the same value its PDF draws.
    ok(JSON.stringify(screen).includes(`"type":"printed-document","source":"invoice"`));
    const sales = await t.call("GET", "/ui/screens/invoices/print?id=inv_1", {
      token: await t.tokenFor("sales@acme.test"),
    });
    assertEquals(sales.status, 403);
  } finally {
    await t.close();
  }
});
