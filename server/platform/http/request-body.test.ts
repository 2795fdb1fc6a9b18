import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { z } from "zod";
import { Hono } from "hono";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { Api } from "./api.ts";
import { defaultBodyLimit } from "./body-limit.ts";
import type { AppEnv } from "./app-env.ts";
import { handleError } from "../errors/error-handler.ts";
import { uploadedFile } from "./uploaded-file.ts";

const CONTACT = {
  name: "Ada Lovelace",
  email: "ada@example.test",
  message: "Please call me back.",
};

async function storedContacts(t: TestApp): Promise<number> {
  return (await t.db.get<{ n: number }>("SELECT count(*) AS n FROM contact_requests"))?.n ?? 0;
}

function post(t: TestApp, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return t.fetch(new Request(new URL(path, "http://localhost"), { method: "POST", headers, body }));
}

Deno.test("A NUL character in a JSON field answers 400 naming the field and stores nothing", async () => {
  const t = await createTestApp();
  try {
    const before = await storedContacts(t);
    await assertInvalidFields(
      await t.call("POST", "/public/contact", { body: { ...CONTACT, name: "Ada\u0000Lovelace" } }),
      "name",
    );
    const token = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/leads", {
        token,
        body: { filters: { status: ["new\u0000"] } },
      }),
      "filters.status.0",
    );
    assertEquals(await storedContacts(t), before);
  } finally {
    await t.close();
  }
});

Deno.test("An unpaired surrogate escaped in JSON answers 400 naming the field", async () => {
  const t = await createTestApp();
  try {
    const before = await storedContacts(t);
    // The raw bytes a client sends: the six characters \ud800, not a character.
    const raw = JSON.stringify({ ...CONTACT, company: "ACME" }).replace("ACME", "AC\\ud800ME");
    ok(raw.includes("\\ud800"));
    const error = await assertInvalidFields(
      await t.call("POST", "/public/contact", { body: raw }),
      "company",
    );
    ok(error.details?.fields?.company?.includes("surrogate"), JSON.stringify(error));
    // A well-formed pair (an emoji) is fine.
    const pair = JSON.stringify({ ...CONTACT, company: "ACME" }).replace("ACME", "\\ud83d\\ude00");
    await jsonOf(await t.call("POST", "/public/contact", { body: pair }), 201);
    assertEquals(await storedContacts(t), before + 1);
  } finally {
    await t.close();
  }
});

Deno.test("A NUL character in a query parameter answers 400 naming it", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("GET", "/ui/screens/lead-detail?id=led%00acme", { token }),
      "id",
    );
  } finally {
    await t.close();
  }
});

Deno.test("A body that is not application/json answers 415 and stores nothing", async () => {
  const t = await createTestApp();
  try {
    const before = await storedContacts(t);
    const json = JSON.stringify(CONTACT);
    for (
      const headers of [
        { "content-type": "text/plain" },
        { "content-type": "application/x-www-form-urlencoded" },
        { "content-type": "application/json; charset=iso-8859-1" },
        {} as Record<string, string>,
      ]
    ) {
      const error = await errorOf(
        await post(t, "/public/contact", json, headers),
        415,
        "unsupported_media_type",
      );
      ok(error.message.includes("application/json"), error.message);
    }
    assertEquals(await storedContacts(t), before);
    await jsonOf(
      await post(t, "/public/contact", json, { "content-type": "application/json; charset=UTF-8" }),
      201,
    );
    // A call with no body at all still reads as `{}`.
    const token = await t.tokenFor("admin@acme.test");
    await jsonOf(await t.call("POST", "/navigation", { token }));
  } finally {
    await t.close();
  }
});

Deno.test("Bytes that are not UTF-8 answer 400 instead of being replaced", async () => {
  const t = await createTestApp();
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(CONTACT));
    const bad = new Uint8Array([...bytes.slice(0, 10), 0xff, ...bytes.slice(10)]);
    await assertInvalidFields(
      await post(t, "/public/contact", bad, { "content-type": "application/json" }),
      "body",
    );
  } finally {
    await t.close();
  }
});

Deno.test("A call declared to take files reads multipart forms and refuses JSON with 415", async () => {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  const api = new Api(app, () => Promise.resolve(null), {
    bodyLimit: defaultBodyLimit(1024 * 1024),
  });
  api.route(
    {
      method: "post",
      path: "/upload",
      tag: "Test",
      summary: "Take a file",
      audience: "public",
      bodyFormat: "multipart",
      body: z.object({ file: uploadedFile, note: z.string() }).strict(),
    },
    async (c, { body }) => c.json({ name: body.file.name, size: (await body.file.text()).length }),
  );

  const form = new FormData();
  form.set("file", new File(["a,b\n1,2\n"], "rows.csv", { type: "text/csv" }));
  form.set("note", "first import");
  const res = await app.request("/upload", { method: "POST", body: form });
  assertEquals(await jsonOf(res), { name: "rows.csv", size: 8 });

  const nul = new FormData();
  nul.set("file", new File(["x"], "x.csv"));
  nul.set("note", "a\u0000b");
  await assertInvalidFields(await app.request("/upload", { method: "POST", body: nul }), "note");

  await errorOf(
    await app.request("/upload", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ note: "x" }),
    }),
    415,
    "unsupported_media_type",
  );
});
