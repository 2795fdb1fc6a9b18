import { ok, throws } from "node:assert/strict";
import { createApp } from "../../app.ts";
import { DEFAULT_CONFIG } from "../../config.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { defineRecordType } from "../define.ts";
import { recordTypes } from "../catalogue.ts";
import { checkTypeModules } from "./type-modules.ts";

/** ARCHITECTURE.md's vendor, in a module the catalogue does not have. */
const VENDOR = defineRecordType({
  id: "vendor",
  label: "Vendor",
  plural: "Vendors",
  module: "vendors",
  naming: { field: "name" },
  title_field: "name",
  search_fields: ["name"],
  fields: [{ id: "name", label: "Name", type: "data", required: true, is_name: true }],
  list: { columns: ["name"], sort: [{ field: "name", dir: "asc" }] },
  form: { tabs: [{ id: "details", label: "Vendor", sections: [{ columns: [["name"]] }] }] },
  roles: { firm_admin: ["read"] },
});

const MESSAGE =
  'Record type "vendor" belongs to module "vendors", which no area declares (add it to the modules of its area, server/areas/<area>/)';

Deno.test("a record type whose module no definition declares stops start-up, naming the type and the module", async () => {
  throws(() => checkTypeModules([...recordTypes(), VENDOR]), { message: MESSAGE });
  const t = await createTestDatabase();
  try {
    throws(
      () =>
        createApp({
          db: t.db,
          config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
          secret: t.secret,
          recordTypes: [...recordTypes(), VENDOR],
        }),
      { message: MESSAGE },
    );
  } finally {
    await t.drop();
  }
});

Deno.test("every product record type belongs to a catalogue module", () => {
  checkTypeModules(recordTypes());
  ok(recordTypes().length > 0);
});
