/**
 * The module catalogue names each module's icon by its lucide name, and the client
 * bundles exactly those icons: a name the client lacks would show a letter again.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { MODULE_DEFINITIONS } from "../../server/platform/catalogue/module-definitions.ts";
import { MODULE_ICONS } from "../../client/ui/icons.tsx";

Deno.test("every catalogue icon is one the client bundles, and the client bundles no other", () => {
  const named = [...new Set(MODULE_DEFINITIONS.map((m) => m.icon))].sort();
  assertEquals(Object.keys(MODULE_ICONS).sort(), named);
});
