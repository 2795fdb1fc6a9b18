import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { NAME_CONTROL_MESSAGE } from "../../../schemas/api/name-text.ts";

/** Control characters a name may not hold: C0, DEL, C1, separators and bidi controls. */
const CONTROLS = [
  "\u0000",
  "\u0007",
  "\t",
  "\n",
  "\u001B",
  "\u007F",
  "\u0085",
  "\u009B",
  "\u2028",
  "\u200E",
  "\u202E",
  "\u2066",
];

/** A 400 whose details name the field (the record engine words it by the field's label). */
async function assertNamed(res: Response, field: string): Promise<void> {
  const error = await errorOf(res, 400, "invalid_input");
  ok(error.details?.fields?.[field], JSON.stringify(error));
}

async function count(t: TestApp, sql: string, params: string[] = []): Promise<number> {
  return Number((await t.db.get<{ n: number }>(sql, params))?.n ?? 0);
}

Deno.test("Organisation and person names with control characters answer 400 naming the field, and nothing is stored", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const users = () => count(t, "SELECT COUNT(*) AS n FROM users");
    const organizations = () => count(t, "SELECT COUNT(*) AS n FROM organizations");
    const before = [await users(), await organizations()];
    const register = {
      first_name: "Rosa",
      last_name: "Diaz",
      email: "rosa@initrode.test",
      password: "a-long-enough-password",
      organization_name: "Initrode Advisory",
    };
    let address = 0;
    for (const control of CONTROLS) {
      for (const field of ["organization_name", "first_name", "last_name"]) {
        const error = await assertInvalidFields(
          await t.call("POST", "/auth/register", {
            body: { ...register, [field]: `Ini${control}trode` },
            // Registration is limited per address: each attempt comes from its own.
            remoteAddress: `10.8.0.${++address}`,
          }),
          field,
        );
        ok(
          [NAME_CONTROL_MESSAGE, "Must not contain a NUL character (U+0000)"]
            .includes(error.details!.fields![field]),
          JSON.stringify(error),
        );
      }
    }
    const invite = {
      email: "new@acme.test",
      first_name: "New",
      last_name: "Person",
      role: "member",
    };
    for (const field of ["first_name", "last_name"]) {
      await assertInvalidFields(
        await t.call("POST", "/admin/users/invite", {
          token: admin,
          body: { ...invite, [field]: "Mal\u202Elory" },
        }),
        field,
      );
      await assertInvalidFields(
        await t.call("POST", "/clients/portal-invite", {
          token: admin,
          body: { ...invite, role: undefined, client_id: "cli_contoso", [field]: "Eve\u0085" },
        }),
        field,
      );
    }
    assertEquals([await users(), await organizations()], before);

    const current = () => t.call("POST", "/organizations/current", { token: admin, body: {} });
    const org = await jsonOf<{ version: number; organization: { name: string } }>(await current());
    await assertInvalidFields(
      await t.call("POST", "/admin/organization/update", {
        token: admin,
        body: { version: org.version, name: "Acme\u001B[31m Corp" },
      }),
      "name",
    );
    await assertInvalidFields(
      await t.call("POST", "/admin/roles/create", {
        token: admin,
        body: { name: "audit\u202Eor" },
      }),
      "name",
    );
    const after = await jsonOf<{ organization: { name: string } }>(await current());
    assertEquals(after.organization.name, org.organization.name);
    // Joiners belong to scripts and emoji; accents and other scripts are names too.
    await jsonOf(
      await t.call("POST", "/admin/users/invite", {
        token: admin,
        body: { ...invite, first_name: "Zoë 👩\u200D💻", last_name: "محمد\u200Cی 東京" },
      }),
      201,
    );
  } finally {
    await t.close();
  }
});

Deno.test("Record names (client, lead company, type master label, saved view) refuse control characters through create, update and import", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const clients = () => count(t, "SELECT COUNT(*) AS n FROM clients");
    const before = await clients();
    await assertNamed(
      await t.call("POST", "/api/records/client", {
        token: admin,
        body: { values: { name: "Contoso\u202Egnp.exe" } },
      }),
      "name",
    );
    const client = await jsonOf<{ record: { id: string; version: number } }>(
      await t.call("POST", "/api/records/client", {
        token: admin,
        body: { values: { name: "Initech" } },
      }),
      201,
    );
    await assertNamed(
      await t.call("PATCH", `/api/records/client/${client.record.id}`, {
        token: admin,
        body: { version: client.record.version, values: { name: "Init\nech" } },
      }),
      "name",
    );
    assertEquals(await clients(), before + 1);

    await assertNamed(
      await t.call("POST", "/api/records/lead", {
        token: admin,
        body: { values: { name: "Rosa Diaz", company: "Initrode\u2066Advisory" } },
      }),
      "company",
    );
    await assertNamed(
      await t.call("POST", "/api/records/type_master", {
        token: admin,
        body: { values: { kind: "lead_source", code: "fair", label: "Trade\tfair" } },
      }),
      "label",
    );
    await assertNamed(
      await t.call("POST", "/api/records/client/views", {
        token: admin,
        body: { label: "Mine\u200F" },
      }),
      "label",
    );

    const form = new FormData();
    form.append(
      "file",
      new File([`Name,Email\n"Globo\u202Echem",x@globo.test\n`], "clients.csv", {
        type: "text/csv",
      }),
    );
    const imported = await jsonOf<{ created: number; failed: { field: string }[] }>(
      await t.fetch(
        new Request("http://localhost/api/records/client/import", {
          method: "POST",
          headers: { authorization: `Bearer ${admin}` },
          body: form,
        }),
      ),
    );
    assertEquals([imported.created, imported.failed.map((f) => f.field)], [0, ["name"]]);
    assertEquals(await clients(), before + 1);
  } finally {
    await t.close();
  }
});

/** A request body's top-level text fields that hold a name, by key. */
const NAME_KEY = /(^|_)name$|^company$|^label$/;

Deno.test("Every call's name fields refuse control characters (a new call's name field cannot forget to)", async () => {
  const t = await createTestApp();
  try {
    const tokens = {
      staff: await t.tokenFor("admin@acme.test"),
      user: await t.tokenFor("admin@acme.test"),
      portal: await t.tokenFor("client@northwind.test"),
      public: undefined,
    };
    const probed: string[] = [];
    for (const endpoint of t.api.endpoints) {
      const body = endpoint.body;
      if (!(body instanceof z.ZodObject) || endpoint.bodyFormat === "multipart") continue;
      for (const key of Object.keys(body.shape).filter((k) => NAME_KEY.test(k))) {
        const path = endpoint.path.replace(/:[A-Za-z_]+/g, "x1");
        const res = await t.call(endpoint.method.toUpperCase(), path, {
          token: tokens[endpoint.audience],
          body: { [key]: "ab\u202Ecd" },
          // Anonymous calls are limited per address: each probe comes from its own.
          remoteAddress: `10.9.${probed.length >> 8}.${probed.length & 255}`,
        });
        const answer = await res.json() as {
          error?: { details?: { fields?: Record<string, string> } };
        };
        ok(
          res.status === 400 && answer.error?.details?.fields?.[key] !== undefined,
          `${endpoint.method} ${endpoint.path} takes "${key}" with a control character: ${res.status} ${
            JSON.stringify(answer)
          }`,
        );
        probed.push(`${endpoint.method} ${endpoint.path} ${key}`);
      }
    }
    ok(probed.length >= 15, probed.join("\n"));
  } finally {
    await t.close();
  }
});
