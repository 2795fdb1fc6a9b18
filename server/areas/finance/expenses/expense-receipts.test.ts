/**
 * An expense claim's lines through HTTP: each line's receipt is uploaded, saved
 * with the line and downloaded by its row (only by those who may read the claim),
 * and a line sent without a date is dated today.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { type Json, recordOf, recordsAs } from "../invoices/testing/money.ts";

async function upload(app: TestApp, token: string, name: string, text: string) {
  const form = new FormData();
  form.append("file", new File([text], name, { type: "text/plain" }));
  const response = await app.fetch(
    new Request("http://localhost/api/records/expense/files", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  const body = await response.json();
  assertEquals(response.status, 201, JSON.stringify(body));
  return body.file as { id: string };
}

Deno.test("each expense line keeps its own receipt, downloaded by its row by whoever may read the claim", async () => {
  const app = await createTestApp();
  try {
    const tomToken = await app.tokenFor("tom@acme.test");
    const tom = await recordsAs(app, "tom@acme.test");
    const taxi = await upload(app, tomToken, "taxi.txt", "Taxi receipt");
    const hotel = await upload(app, tomToken, "hotel.txt", "Hotel receipt");
    const created = await tom.create("expense", {
      purpose: "Client visit",
      approver: "usr_acme_pm",
      lines: [
        { date: "2031-02-10", category: "travel", amount: 40, receipt: taxi.id },
        { date: "2031-02-10", category: "travel", amount: 180, receipt: hotel.id },
      ],
    });
    assertEquals(created.status, 201, JSON.stringify(created.body));
    const claim = recordOf(created);
    const lines = claim.lines as Json[];
    assertEquals(lines.map((l) => l.receipt), [taxi.id, hotel.id]);

    const base = `/api/records/expense/${claim.id}/files/lines.receipt`;
    const second = await app.call("GET", `${base}?row=${lines[1].id}`, { token: tomToken });
    assertEquals(second.status, 200);
    assertEquals(await second.text(), "Hotel receipt");
    ok(second.headers.get("content-disposition")?.includes("hotel.txt"));

    const noRow = await app.call("GET", base, { token: tomToken });
    assertEquals(noRow.status, 404, "a child column's file is named by its row");
    await noRow.body?.cancel();
    const other = await app.call("GET", `${base}?row=${lines[0].id}`, {
      token: await app.tokenFor("maya@acme.test"),
    });
    assertEquals(other.status, 404, "a member who may not read the claim gets no receipt");
    await other.body?.cancel();
  } finally {
    await app.close();
  }
});

Deno.test("a line sent without a date is dated today", async () => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const created = await tom.create("expense", {
      purpose: "Lunch",
      approver: "usr_acme_pm",
      lines: [{ category: "travel", amount: 12 }],
    });
    assertEquals(created.status, 201, JSON.stringify(created.body));
    const [line] = recordOf(created).lines as Json[];
    assertEquals(line.date, new Date(app.clock.now).toISOString().slice(0, 10));
  } finally {
    await app.close();
  }
});
