/**
 * Contract: every descriptor the server emits, for every demo account and for an
 * anonymous visitor, validates with ajv against the committed JSON Schema — the
 * same files the client validates with.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { createTestApp } from "../../server/testing/test-app.ts";
import { PEOPLE } from "../../server/db/seed/demo-people.ts";
import { emittedScreens } from "./emitted-screens.ts";

const ajv = new Ajv2020.default({ allErrors: true, strict: false });
const load = async (file: string) =>
  JSON.parse(await Deno.readTextFile(new URL(`../../schemas/generated/${file}`, import.meta.url)));
const validators = {
  routes: ajv.compile(await load("routes.schema.json")),
  shell: ajv.compile(await load("shell.schema.json")),
  portalShell: ajv.compile(await load("portal-shell.schema.json")),
  screen: ajv.compile(await load("screen.schema.json")),
  refusal: ajv.compile(await load("screen-refusal.schema.json")),
};

function check(validate: Ajv2020.ValidateFunction, value: unknown, what: string): void {
  const valid = validate(value);
  ok(valid, `${what} does not match the schema: ${ajv.errorsText(validate.errors)}`);
}

const accounts = [undefined, ...PEOPLE.filter((p) => p.login).map((p) => p.email)];

for (const email of accounts) {
  Deno.test(`every descriptor emitted for ${email ?? "an anonymous visitor"} validates against the JSON Schema`, async () => {
    const t = await createTestApp();
    try {
      const token = email ? await t.tokenFor(email) : undefined;
      const routesRes = await t.call("GET", "/ui/routes", { token });
      assertEquals(routesRes.status, 200);
      const routes = await routesRes.json();
      check(validators.routes, routes, "GET /ui/routes");

      const shellRes = await t.call("GET", "/ui/shell", { token });
      if (email) {
        assertEquals(shellRes.status, 200);
        const shell = await shellRes.json();
        const validator = shell.audience === "portal" ? validators.portalShell : validators.shell;
        check(validator, shell, `GET /ui/shell for ${email}`);
      } else {
        assertEquals(shellRes.status, 401);
      }

      let checked = 0;
      for (const { screen, route: path, status, body } of await emittedScreens(t, routes, token)) {
        if (status === 200) {
          check(validators.screen, body, `screen ${screen} (${path}) for ${email ?? "anonymous"}`);
          checked++;
        } else if (status === 403 || status === 404) {
          check(validators.refusal, body, `refusal of ${screen} for ${email ?? "anonymous"}`);
          checked++;
        } else {
          assertEquals(
            status,
            401,
            `screen ${screen} answered ${status} for ${email ?? "anonymous"}`,
          );
          ok(!email, `a signed-in caller got 401 for ${screen}`);
        }
      }
      ok(checked > 15, `only ${checked} screens were checked`);
    } finally {
      await t.close();
    }
  });
}
