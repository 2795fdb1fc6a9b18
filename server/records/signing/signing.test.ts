/**
 * Signing through HTTP, on either database (a proposal is the signed record):
 * sending asks the client's contact by a one-time link; the page shows the
 * document and records its first opening; bad answers are refused with nothing
 * stored; signing accepts once (deposit invoice and project made once) and uses
 * the link; a pending revision cannot be edited; the PDFs verify and the chain
 * breaks when an event is altered; signers in order and in parallel; a decline;
 * a new revision superseding; and a portal user's accept as their signature.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { encodeBase64 } from "../../platform/auth/base64.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const BASE = "/api/records/proposal";
const CONTACT = "contact@northwind.example";
const BROWSER = { "x-forwarded-for": "203.0.113.7", "user-agent": "SignTest/1.0" };

const LINES = [
  { section: "Discovery", description: "Workshops", quantity: 2, rate: 1000 },
  { section: "Delivery", description: "Build", quantity: 10, rate: 800 },
  { section: "Delivery", description: "Content", quantity: 1, rate: 400 },
  { section: "Delivery", description: "Testing", quantity: 1, rate: 300 },
  { section: "Launch", description: "Go-live", quantity: 1, rate: 200 },
  { section: "Launch", description: "Training day", quantity: 1, rate: 600, optional: true },
];

async function create(t: TestApp, token: string, values: Json): Promise<Json> {
  const res = await t.call("POST", BASE, { token, body: { values } });
  return (await jsonOf<{ record: Json }>(res, 201)).record;
}

async function act(t: TestApp, token: string, record: Json, action: string, extra: Json = {}) {
  const res = await t.call("POST", `${BASE}/${record.id}/actions/${action}`, {
    token,
    body: { version: record.version, ...extra },
  });
  return (await jsonOf<{ record: Json }>(res)).record;
}

/** The signing links mailed to an address, oldest first. */
async function linksTo(t: TestApp, email: string): Promise<string[]> {
  const mails = await t.db.all<{ text_body: string }>(
    "SELECT text_body FROM mail_outbox WHERE recipient = ? AND kind = 'signature_request' ORDER BY created_at, id",
    [email],
  );
  return mails.map((m) => /\/sign\/([A-Za-z0-9_-]+)/.exec(m.text_body)![1]);
}

async function signatures(t: TestApp, token: string, id: string): Promise<Json> {
  return await jsonOf(await t.call("GET", `${BASE}/${id}/signatures`, { token }));
}

async function sign(t: TestApp, link: string, body: Json) {
  return await t.call("POST", `/api/signing/${link}/sign`, { body, headers: BROWSER });
}

async function verify(t: TestApp, bytes: Uint8Array): Promise<Json> {
  return await jsonOf(
    await t.call("POST", "/api/signature-verification", { body: { pdf: encodeBase64(bytes) } }),
  );
}

Deno.test("signing", async (s) => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const later = new Date(t.clock.now + 20 * 86_400_000).toISOString().slice(0, 10);
    const { items: [plan] } = await jsonOf<{ items: Json[] }>(
      await t.call("POST", "/api/records/project_template/list", {
        token: admin,
        body: { filters: [{ field: "name", op: "eq", value: "Web application" }] },
      }),
    );
    // Each proposal a second later, so its mails and requests come in order.
    const proposal = (title: string) => {
      t.clock.now += 1000;
      return create(t, sales, {
        title,
        client: "cli_northwind",
        valid_until: later,
        deposit_percent: 30,
        project_template: plan.id,
        lines: LINES,
      });
    };
    let main: Json = {};
    let link = "";

    await s.step("sending a proposal mails its client's contact a one-time link", async () => {
      main = await act(t, sales, await proposal("Store relaunch"), "send");
      const { requests } = await signatures(t, sales, main.id);
      assertEquals(requests.length, 1);
      assertEquals([requests[0].status, requests[0].revision], ["pending", 1]);
      assertEquals(requests[0].signers.map((x: Json) => [x.email, x.status]), [[
        CONTACT,
        "mailed",
      ]]);
      assertEquals(requests[0].events.map((e: Json) => e.kind), ["sent"]);
      [link] = await linksTo(t, CONTACT);
      ok(link.length >= 40);
      // Only the token's SHA-256 is kept.
      const stored = await t.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM signature_signers WHERE token_hash = ?",
        [link],
      );
      assertEquals(Number(stored!.n), 0);
    });

    await s.step(
      "the page shows the document and its optional line; opening is recorded once",
      async () => {
        for (let i = 0; i < 2; i++) {
          const view = await jsonOf<Json>(
            await t.call("POST", `/api/signing/${link}`, { body: {}, headers: BROWSER }),
          );
          assertEquals([view.document.kind, view.document.number], ["Proposal", main.name]);
          assertEquals(view.signing.open, true);
          assertEquals(view.signing.optional_lines.length, 1);
          ok(view.signing.optional_lines[0].label.startsWith("Training day"));
        }
        const { requests: [r] } = await signatures(t, sales, main.id);
        assertEquals(r.events.map((e: Json) => e.kind), ["sent", "opened"]);
        assertEquals([r.events[1].ip, r.events[1].user_agent], ["203.0.113.7", "SignTest/1.0"]);
      },
    );

    await s.step("bad answers are refused, naming the field, and nothing is stored", async () => {
      const blank = await errorOf(
        await sign(t, link, { signature_name: "  " }),
        400,
        "invalid_input",
      );
      assertEquals(Object.keys(blank.details!.fields!), ["signature_name"]);
      const firstLine = main.lines[0].id;
      const picked = await errorOf(
        await sign(t, link, { signature_name: "Ann Lee", choices: [firstLine] }),
        400,
        "invalid_input",
      );
      assertEquals(Object.keys(picked.details!.fields!), ["choices"]);
      const why = await errorOf(
        await t.call("POST", `/api/signing/${link}/decline`, { body: { reason: "" } }),
        400,
        "invalid_input",
      );
      assertEquals(Object.keys(why.details!.fields!), ["reason"]);
      const unknown = await errorOf(
        await sign(t, "x".repeat(43), { signature_name: "Ann Lee" }),
        404,
        "not_found",
      );
      ok(unknown.message.includes("not valid"));
      const { requests: [r] } = await signatures(t, sales, main.id);
      assertEquals([r.status, r.signers[0].status, r.events.length], ["pending", "mailed", 2]);
    });

    await s.step("a proposal out for signature cannot be edited", async () => {
      const draft = await proposal("Draft out for signature");
      await jsonOf(
        await t.call("POST", `${BASE}/${draft.id}/signatures`, {
          token: sales,
          body: { signers: [{ name: "Ann Lee", email: "ann@example.com" }] },
        }),
        201,
      );
      const refused = await errorOf(
        await t.call("PATCH", `${BASE}/${draft.id}`, {
          token: sales,
          body: { version: draft.version, values: { title: "Changed" } },
        }),
        409,
        "conflict",
      );
      ok(refused.message.includes("out for signature"), refused.message);
      const again = await jsonOf<{ record: Json }>(
        await t.call("GET", `${BASE}/${draft.id}`, { token: sales }),
      );
      assertEquals(again.record.title, "Draft out for signature");
    });

    await s.step(
      "signing accepts it: the deposit invoice and the project are made once",
      async () => {
        const training = main.lines.find((l: Json) => l.optional).id;
        const done = await jsonOf<Json>(
          await sign(t, link, { signature_name: "Ann Lee", choices: [training] }),
        );
        assertEquals(done.status, "completed");
        const { record } = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${main.id}`, { token: sales }),
        );
        assertEquals([record.status, record.signature_name], ["accepted", "Ann Lee"]);
        ok(record.deposit_invoice && record.project);
        assertEquals(record.lines.find((l: Json) => l.id === training).selected, true);
        const used = await errorOf(
          await sign(t, link, { signature_name: "Ann Lee", choices: [training] }),
          409,
          "conflict",
        );
        assertEquals(used.message, "This link has already been used");
        const invoices = await t.db.all(
          "SELECT id FROM invoices WHERE notes LIKE ?",
          [`%${main.name}%`],
        );
        assertEquals(invoices.length, 1);
        const { requests: [r] } = await signatures(t, sales, main.id);
        assertEquals(r.status, "completed");
        assertEquals(r.events.map((e: Json) => e.kind), ["sent", "opened", "signed", "completed"]);
        assertEquals(r.chain_verifies, true);
        // The accept is taken as the firm's side; its history says who signed.
        const history = await jsonOf<Json>(
          await t.call("GET", `${BASE}/${main.id}/history`, { token: sales }),
        );
        ok(JSON.stringify(history).includes("Signed by Ann Lee through their signing links"));
        main = record;
      },
    );

    await s.step(
      "the original and signed PDFs are found by their bytes; others are not",
      async () => {
        const { requests: [r] } = await signatures(t, sales, main.id);
        const signedRes = await t.call("GET", `${BASE}/${main.id}/signatures/${r.id}/pdf`, {
          token: sales,
        });
        assertEquals(signedRes.headers.get("Content-Type"), "application/pdf");
        const signed = new Uint8Array(await signedRes.arrayBuffer());
        const original = new Uint8Array(
          await (await t.call("GET", `/api/signing/${link}/pdf`)).arrayBuffer(),
        );
        const pages = async (b: Uint8Array) => (await PDFDocument.load(b)).getPageCount();
        assertEquals(await pages(signed), (await pages(original)) + 1);
        const asSigned = await verify(t, signed);
        assertEquals(
          [
            asSigned.found,
            asSigned.pdf,
            asSigned.record_name,
            asSigned.revision,
            asSigned.request_id,
          ],
          [true, "signed", main.name, 1, r.id],
        );
        assertEquals(asSigned.chain_verifies, true);
        const asOriginal = await verify(t, original);
        assertEquals([asOriginal.found, asOriginal.pdf, asOriginal.sha256], [
          true,
          "original",
          r.pdf_sha256,
        ]);
        const random = await verify(t, crypto.getRandomValues(new Uint8Array(2048)));
        assertEquals(random.found, false);
      },
    );

    await s.step("the chain fails once an event is altered in the database", async () => {
      const { requests: [r] } = await signatures(t, sales, main.id);
      await t.db.run("UPDATE signature_events SET ip = ? WHERE request_id = ? AND seq = 2", [
        "198.51.100.1",
        r.id,
      ]);
      const after = await signatures(t, sales, main.id);
      assertEquals(after.requests[0].chain_verifies, false);
      const signed = new Uint8Array(
        await (await t.call("GET", `${BASE}/${main.id}/signatures/${r.id}/pdf`, { token: sales }))
          .arrayBuffer(),
      );
      assertEquals((await verify(t, signed)).chain_verifies, false);
    });

    await s.step(
      "in order, the second signer is mailed only once the first has signed",
      async () => {
        const p = await act(t, sales, await proposal("In order"), "send");
        await jsonOf(
          await t.call("POST", `${BASE}/${p.id}/signatures`, {
            token: sales,
            body: {
              order: "sequential",
              signers: [
                { name: "First Signer", email: "first@example.com" },
                { name: "Second Signer", email: "second@example.com" },
              ],
            },
          }),
          201,
        );
        const { requests } = await signatures(t, sales, p.id);
        assertEquals(requests.map((r: Json) => r.status), ["pending", "superseded"]);
        assertEquals(await linksTo(t, "second@example.com"), []);
        const [first] = await linksTo(t, "first@example.com");
        assertEquals(
          (await jsonOf<Json>(await sign(t, first, { signature_name: "First Signer" }))).status,
          "signed",
        );
        const still = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${p.id}`, { token: sales }),
        );
        assertEquals(still.record.status, "sent");
        const [second] = await linksTo(t, "second@example.com");
        ok(second);
        assertEquals(
          (await jsonOf<Json>(await sign(t, second, { signature_name: "Second Signer" }))).status,
          "completed",
        );
        const done = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${p.id}`, { token: sales }),
        );
        assertEquals([done.record.status, done.record.signature_name], [
          "accepted",
          "First Signer, Second Signer",
        ]);
      },
    );

    await s.step(
      "in parallel, both are mailed at once and the last to sign completes it",
      async () => {
        const p = await act(t, sales, await proposal("In parallel"), "send");
        await jsonOf(
          await t.call("POST", `${BASE}/${p.id}/signatures`, {
            token: sales,
            body: {
              order: "parallel",
              signers: [
                { name: "Par One", email: "par1@example.com" },
                { name: "Par Two", email: "par2@example.com" },
              ],
            },
          }),
          201,
        );
        const [one] = await linksTo(t, "par1@example.com");
        const [two] = await linksTo(t, "par2@example.com");
        assertEquals(
          (await jsonOf<Json>(await sign(t, two, { signature_name: "Par Two" }))).status,
          "signed",
        );
        assertEquals(
          (await jsonOf<Json>(await sign(t, one, { signature_name: "Par One" }))).status,
          "completed",
        );
        const done = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${p.id}`, { token: sales }),
        );
        assertEquals(done.record.status, "accepted");
      },
    );

    await s.step(
      "answers sent at once: one link used once, the last signer completes once",
      async () => {
        const p = await act(t, sales, await proposal("At once"), "send");
        await jsonOf(
          await t.call("POST", `${BASE}/${p.id}/signatures`, {
            token: sales,
            body: {
              order: "parallel",
              signers: [
                { name: "Race One", email: "race1@example.com" },
                { name: "Race Two", email: "race2@example.com" },
              ],
            },
          }),
          201,
        );
        const [one] = await linksTo(t, "race1@example.com");
        const [two] = await linksTo(t, "race2@example.com");
        const answers = await Promise.all([
          sign(t, one, { signature_name: "Race One" }),
          sign(t, one, { signature_name: "Race One" }),
          sign(t, two, { signature_name: "Race Two" }),
          sign(t, two, { signature_name: "Race Two" }),
        ]);
        const statuses = answers.map((r) => r.status).sort();
        await Promise.all(answers.map((r) => r.body?.cancel()));
        assertEquals(statuses, [200, 200, 409, 409]);
        const { requests: [r] } = await signatures(t, sales, p.id);
        assertEquals([r.status, r.chain_verifies], ["completed", true]);
        assertEquals(r.events.filter((e: Json) => e.kind === "completed").length, 1);
        const invoices = await t.db.all("SELECT id FROM invoices WHERE notes LIKE ?", [
          `%${p.name}%`,
        ]);
        assertEquals(invoices.length, 1);
      },
    );

    await s.step("a decline declines the proposal with the reason and uses the link", async () => {
      const p = await act(t, sales, await proposal("Declined one"), "send");
      const links = await linksTo(t, CONTACT);
      const mine = links.at(-1)!;
      const res = await t.call("POST", `/api/signing/${mine}/decline`, {
        body: { reason: "Over our budget" },
        headers: BROWSER,
      });
      assertEquals((await jsonOf<Json>(res)).status, "declined");
      const { record } = await jsonOf<{ record: Json }>(
        await t.call("GET", `${BASE}/${p.id}`, { token: sales }),
      );
      assertEquals(record.status, "declined");
      const history = await jsonOf<Json>(
        await t.call("GET", `${BASE}/${p.id}/history`, { token: sales }),
      );
      ok(JSON.stringify(history).includes("Over our budget"));
      await errorOf(await sign(t, mine, { signature_name: "Ann Lee" }), 409, "conflict");
      const { requests: [r] } = await signatures(t, sales, p.id);
      assertEquals([r.status, r.signers[0].reason], ["declined", "Over our budget"]);
    });

    await s.step(
      "a new revision supersedes the open request and needs new signatures",
      async () => {
        let p = await act(t, sales, await proposal("Revised one"), "send");
        const old = (await linksTo(t, CONTACT)).at(-1)!;
        p = await act(t, sales, p, "revise");
        const stale = await errorOf(
          await sign(t, old, { signature_name: "Ann Lee" }),
          409,
          "conflict",
        );
        ok(stale.message.includes("superseded"), stale.message);
        const view = await jsonOf<Json>(await t.call("POST", `/api/signing/${old}`, { body: {} }));
        assertEquals(view.signing.open, false);
        ok(view.signing.answer.includes("newer revision"));
        // The new revision is a draft with no request: it may be edited, then sent again.
        const edited = await jsonOf<{ record: Json }>(
          await t.call("PATCH", `${BASE}/${p.id}`, {
            token: sales,
            body: { version: p.version, values: { title: "Revised one, v2" } },
          }),
        );
        t.clock.now += 1000;
        p = await act(t, sales, edited.record, "send");
        const fresh = (await linksTo(t, CONTACT)).at(-1)!;
        ok(fresh !== old);
        assertEquals(
          (await jsonOf<Json>(await sign(t, fresh, { signature_name: "Ann Lee" }))).status,
          "completed",
        );
        const { requests } = await signatures(t, sales, p.id);
        assertEquals(requests.map((r: Json) => [r.revision, r.status]), [[2, "completed"], [
          1,
          "superseded",
        ]]);
      },
    );

    await s.step("a signer without an email is refused and nothing is stored", async () => {
      const p = await act(t, sales, await proposal("No email"), "send");
      const res = await t.call("POST", `${BASE}/${p.id}/signatures`, {
        token: sales,
        body: { signers: [{ name: "Nobody", email: "" }] },
      });
      const refused = await errorOf(res, 400, "invalid_input");
      assertEquals(Object.keys(refused.details!.fields!), ["signers[0].email"]);
      const { requests } = await signatures(t, sales, p.id);
      assertEquals(requests.length, 1);
    });

    await s.step(
      "a portal user accepting in the portal signs as the signer naming them",
      async () => {
        const p = await act(t, sales, await proposal("Portal signed"), "send");
        await jsonOf(
          await t.call("POST", `${BASE}/${p.id}/signatures`, {
            token: sales,
            body: {
              signers: [{
                name: "Nina Walsh",
                email: "nina@northwind.example",
                user_id: "usr_northwind_client",
              }],
            },
          }),
          201,
        );
        const portal = await t.tokenFor("client@northwind.test");
        const fresh = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${p.id}`, { token: sales }),
        );
        const res = await t.call("POST", `${BASE}/${p.id}/actions/accept`, {
          token: portal,
          body: { version: fresh.record.version, signature_name: "Nina Walsh" },
          headers: BROWSER,
        });
        assertEquals((await jsonOf<{ record: Json }>(res)).record.status, "accepted");
        const { requests: [r] } = await signatures(t, sales, p.id);
        assertEquals([r.status, r.signers[0].status, r.chain_verifies], [
          "completed",
          "signed",
          true,
        ]);
        const signedEvent = r.events.find((e: Json) => e.kind === "signed");
        assertEquals([signedEvent.signer, signedEvent.ip], ["Nina Walsh", "203.0.113.7"]);
        ok(r.signed_pdf_sha256);
      },
    );
  } finally {
    await t.close();
  }
});
