/**
 * Contract: every call a descriptor makes is a declared endpoint, and every table
 * column it shows is in that endpoint's response schema. For every demo account
 * and an anonymous visitor, every screen of the route table is built; each path
 * with a method in it (sources, call actions, form submits) must match an endpoint
 * of the Api registry (`:param` segments match `{param}` placeholders), and each
 * table's columns must be keys of the items of the array its source selects. The
 * record widgets call their type's API under `api` by themselves: those calls must
 * be declared too.
 */
import { ok } from "node:assert/strict";
import { createTestApp } from "../../server/testing/test-app.ts";
import { type Endpoint, findEndpoint } from "../../server/testing/endpoint-paths.ts";
import { PEOPLE } from "../../server/db/seed/demo-people.ts";
import { recordTypes } from "../../server/records/catalogue.ts";
import { emittedScreens } from "./emitted-screens.ts";
import { arrayItems, itemsHaveKey, schemasAt } from "./response-shape.ts";

type Json = Record<string, unknown>;

const ACCOUNTS = [undefined, ...PEOPLE.filter((p) => p.login).map((p) => p.email)];

/**
 * The calls the record widgets make under their `api`, by widget type (besides the
 * actions and link searches their metadata names).
 */
const RECORD_WIDGET_CALLS: Readonly<Record<string, readonly [string, string][]>> = {
  "record-list": [
    ["POST", "/list"],
    ["GET", "/meta"],
    ["POST", "/bulk"],
    ["POST", "/import"],
    ["GET", "/export"],
    ["POST", "/views"],
    ["DELETE", "/views/{viewId}"],
  ],
  "record-form": [
    ["POST", ""],
    ["GET", "/{id}"],
    ["PATCH", "/{id}"],
    ["DELETE", "/{id}"],
  ],
  "record-timeline": [["GET", "/{id}/history"], ["POST", "/{id}/comments"]],
};

/** The record widgets' calls that carry out one of the type's standard actions. */
const ACTION_CALLS: Readonly<Record<string, string>> = {
  "POST ": "create",
  "PATCH /{id}": "update",
  "DELETE /{id}": "delete",
  "POST /import": "import",
};

/**
 * Whether a record API call is declared with its own words: `/api/records/task/export`
 * must not pass for `/api/records/task/:id`. Only the type segment may be a parameter.
 */
function declaresRecordCall(endpoints: readonly Endpoint[], method: string, path: string) {
  const got = path.split("/");
  return endpoints.some((e) => {
    const want = e.path.split("/");
    return e.method.toUpperCase() === method && want.length === got.length &&
      want.every((segment, i) =>
        segment === got[i] ||
        (segment.startsWith(":") &&
          // A record id, a placeholder, or an action the type's metadata declares.
          (got[i].startsWith("{") || i === 3 || segment === ":action"))
      );
  });
}

/** The link targets of a type's fields and child fields (`user` included). */
function linkTargets(fields: readonly Json[]): string[] {
  return fields.flatMap((f) => [
    ...(f.type === "link" ? [f.link as string] : []),
    ...linkTargets((f.fields ?? []) as Json[]),
  ]);
}

/**
 * Every object of a JSON tree, with where it sits. A record widget's `meta` is data
 * about its type (its fields have types too), not nodes or calls: it is skipped.
 */
function* objectsOf(value: unknown, where: string): Generator<[Json, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objectsOf(item, `${where}[${i}]`);
    return;
  }
  if (value === null || typeof value !== "object") return;
  yield [value as Json, where];
  for (const [key, item] of Object.entries(value)) {
    if (key !== "meta") yield* objectsOf(item, `${where}.${key}`);
  }
}

/** Every screen answered 200, as `<screen> for <account>` → descriptor, and the app's endpoints. */
async function builtScreens() {
  const t = await createTestApp();
  try {
    const routes = await (await t.call("GET", "/ui/routes")).json();
    const built = new Map<string, Json>();
    for (const email of ACCOUNTS) {
      const token = email ? await t.tokenFor(email) : undefined;
      for (const screen of await emittedScreens(t, routes, token)) {
        if (screen.status === 200) {
          built.set(`${screen.screen} for ${email ?? "anonymous"}`, screen.body as Json);
        }
      }
    }
    return { built, endpoints: t.api.endpoints };
  } finally {
    await t.close();
  }
}

Deno.test("descriptors call only declared endpoints and show only declared fields", async (t) => {
  const { built, endpoints } = await builtScreens();
  ok(built.size > 50, `only ${built.size} screens were built`);

  await t.step("every path of every source and action is a declared endpoint", () => {
    const problems = new Set<string>();
    let calls = 0;
    for (const [name, descriptor] of built) {
      for (const [object, where] of objectsOf(descriptor, name)) {
        if (typeof object.method !== "string" || typeof object.path !== "string") continue;
        calls++;
        if (!findEndpoint(endpoints, object.method, object.path)) {
          problems.add(`${where}: ${object.method} ${object.path} is not a declared endpoint`);
        }
      }
    }
    ok(calls > 50, `only ${calls} calls were found`);
    ok(problems.size === 0, [...problems].join("\n"));
  });

  await t.step("every table column is a key of its source's items in the response schema", () => {
    const problems = new Set<string>();
    let tables = 0;
    for (const [name, descriptor] of built) {
      const sources = (descriptor.sources ?? {}) as Record<string, Json>;
      for (const [node, where] of objectsOf(descriptor.body, `${name} body`)) {
        if (node.type !== "table") continue;
        const source = sources[node.source as string];
        ok(source, `${where}: the table's source "${node.source}" is not a source of the screen`);
        const endpoint = findEndpoint(endpoints, source.method as string, source.path as string);
        if (!endpoint?.response) continue; // reported by the step above
        tables++;
        const path = [source.select, node.path].filter((p) => typeof p === "string" && p).join(".");
        const at = schemasAt(endpoint.response, path);
        const items = at ? arrayItems(at) : [];
        if (items.length === 0) {
          problems.add(`${where}: ${source.path} answers no array at "${path}"`);
          continue;
        }
        for (const column of node.columns as { key: string }[]) {
          if (!itemsHaveKey(items, column.key)) {
            problems.add(
              `${where}: column "${column.key}" is not in the items at "${path}" of ${endpoint.method.toUpperCase()} ${endpoint.path}`,
            );
          }
        }
      }
    }
    ok(tables > 20, `only ${tables} tables were checked`);
    ok(problems.size === 0, [...problems].join("\n"));
  });

  await t.step("every record widget's own calls to its type's API are declared endpoints", () => {
    const problems = new Set<string>();
    const recordScreens = new Set<string>();
    for (const [name, descriptor] of built) {
      for (const [node, where] of objectsOf(descriptor.body, `${name} body`)) {
        const calls = RECORD_WIDGET_CALLS[node.type as string];
        if (!calls) continue;
        recordScreens.add(name);
        const meta = (node.meta ?? {}) as Json;
        const actions = ((meta.actions ?? []) as Json[]).map((a) => a.id as string);
        // A call that is one of the type's actions is made only when the type offers it.
        const offered = (method: string, suffix: string) => {
          const action = ACTION_CALLS[`${method} ${suffix}`];
          return action === undefined || actions.includes(action);
        };
        const wanted: [string, string][] = [
          ...calls.filter(([method, suffix]) => offered(method, suffix)).map((
            [method, suffix],
          ): [string, string] => [method, `${node.api}${suffix}`]),
          ...(node.type === "record-form"
            ? actions.map((id): [string, string] => ["POST", `${node.api}/{id}/actions/${id}`])
            : []),
          ...linkTargets((meta.fields ?? []) as Json[]).map((
            target,
          ): [string, string] => ["GET", `/api/records/${target}/search`]),
        ];
        for (const [method, path] of wanted) {
          if (!declaresRecordCall(endpoints, method, path)) {
            problems.add(`${where} (${node.type}): ${method} ${path} is not a declared endpoint`);
          }
        }
      }
    }
    ok(
      recordTypes().length === 0 || recordScreens.size > 0,
      `${recordTypes().length} record types are declared but no screen shows a record widget`,
    );
    ok(problems.size === 0, [...problems].join("\n"));
  });
});
