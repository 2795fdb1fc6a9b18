/**
 * The public pages claim only what exists: every feature card is a declared claim,
 * each claim's screens open as real screens (never a module's placeholder), and the
 * landing page names none of the areas that are placeholders today.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";
import { PUBLIC_CLAIMS } from "./public-content.ts";

/** A placeholder module screen is the generic one: its card explains the module. */
const PLACEHOLDER_CARD = "About this module";

interface Card {
  type: "card";
  title: string;
}

function cardsOf(node: unknown, found: Card[] = []): Card[] {
  if (Array.isArray(node)) { for (const child of node) cardsOf(child, found); }
  else if (node && typeof node === "object") {
    if ((node as { type?: string }).type === "card") found.push(node as Card);
    for (const value of Object.values(node)) cardsOf(value, found);
  }
  return found;
}

async function screenOf(t: TestApp, id: string, token?: string): Promise<unknown> {
  return await jsonOf(await t.call("GET", `/ui/screens/${id}`, token ? { token } : {}));
}

Deno.test("every feature card of the public pages is a claim held to real screens", async () => {
  const t = await createTestApp();
  try {
    for (const page of ["landing", "features", "integrations"]) {
      const shown = cardsOf(await screenOf(t, page)).map((card) => card.title);
      assertEquals(
        shown,
        PUBLIC_CLAIMS.filter((claim) => claim.page === page).map((claim) => claim.title),
      );
    }
    const staff = await t.tokenFor("admin@acme.test");
    const portal = await t.tokenFor("client@northwind.test");
    for (const claim of PUBLIC_CLAIMS) {
      for (const id of claim.screens) {
        const token = id.startsWith("client-portal/") ? portal : staff;
        const answer = await t.call("GET", `/ui/screens/${id}`, { token });
        assertEquals([id, answer.status], [id, 200]);
        const text = JSON.stringify(await answer.json());
        ok(!text.includes(PLACEHOLDER_CARD), `"${claim.title}" claims ${id}, a placeholder`);
      }
    }
  } finally {
    await t.close();
  }
});

Deno.test("the landing page names none of the placeholder areas (HR, payroll, legal)", async () => {
  const t = await createTestApp();
  try {
    const text = JSON.stringify(await screenOf(t, "landing"));
    for (const area of [/\bHR\b/, /payroll/i, /\blegal\b/i, /contracts?\b/i, /employees/i]) {
      ok(!area.test(text), `the landing page claims ${area}`);
    }
  } finally {
    await t.close();
  }
});
