import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { screenDescriptorUrl, screenParamsOf } from "./screen-address.ts";
import { widgetTypesOf } from "./screen-tree.ts";

Deno.test("a catch-all's rest is sent as id, unless the route names an id", () => {
  assertEquals(screenParamsOf({ "*": "42" }), { id: "42" });
  assertEquals(screenParamsOf({ id: "7", "*": "42" }), { id: "7" });
  assertEquals(screenParamsOf({ "*": "", tab: undefined, project: "p1" }), { project: "p1" });
});

Deno.test("a screen's descriptor URL encodes each part of its id and its params", () => {
  assertEquals(screenDescriptorUrl("invoices/view", {}), "/ui/screens/invoices/view");
  assertEquals(
    screenDescriptorUrl("a b/c?d", { id: "x&y", tab: "2" }),
    "/ui/screens/a%20b/c%3Fd?id=x%26y&tab=2",
  );
});

Deno.test("the widget types of a body include its tabs' children", () => {
  const body = {
    type: "page",
    children: [
      { type: "stat" },
      { type: "tabs", tabs: [{ children: [{ type: "record-list" }] }, { children: null }] },
    ],
  };
  assertEquals([...widgetTypesOf(body)].sort(), ["page", "record-list", "stat", "tabs"]);
});
