/**
 * A link field's picker conditions (`link_filters`) are checked when the types are
 * declared and when the engine is built: a condition on a field its own record or
 * its target lacks fails at start-up, naming the type and the field.
 */
import { ok, throws } from "node:assert/strict";
import { defineRecordType, type RecordType } from "./define.ts";
import type { FieldDeclaration } from "./declaration.ts";
import { RecordEngine } from "./engine/engine.ts";
import { areas } from "../areas/mod.ts";
import { recordTypes } from "./catalogue.ts";
import type { Database } from "../db/database.ts";

function typeWith(fields: FieldDeclaration[]): RecordType {
  return defineRecordType({
    id: "ticket",
    label: "Ticket",
    plural: "Tickets",
    module: "milestones",
    naming: { field: "subject" },
    title_field: "subject",
    search_fields: ["subject"],
    fields: [{ id: "subject", label: "Subject", type: "data" }, ...fields],
    list: { columns: ["subject"], sort: [{ field: "subject", dir: "asc" }] },
    form: { tabs: [{ id: "main", label: "Ticket", sections: [{ columns: [["subject"]] }] }] },
    roles: {},
  });
}

/** The engine reads nothing from its database when it is built. */
const NO_DATABASE = {} as Database;

Deno.test("link_filters belong to links of record types and name the record's own fields", () => {
  throws(
    () =>
      typeWith([{
        id: "due",
        label: "Due",
        type: "date",
        link_filters: [{ field: "x", op: "eq", value: 1 }],
      }]),
    /Record type "ticket": field "due" has link_filters but links no record type/,
  );
  throws(
    () =>
      typeWith([{
        id: "project",
        label: "Project",
        type: "link",
        link: "project",
        link_filters: [{ field: "client", op: "eq", value: { $field: "customer" } }],
      }]),
    /Record type "ticket": link_filters of "project" names unknown field "customer"/,
  );
});

Deno.test("the engine refuses to start on a link filter its target cannot filter by", () => {
  const ticket = typeWith([{
    id: "project",
    label: "Project",
    type: "link",
    link: "project",
    link_filters: [{ field: "colour", op: "eq", value: "red" }],
  }]);
  throws(
    () => new RecordEngine(NO_DATABASE, [...recordTypes(), ticket]),
    /Record type "ticket": link_filters of "project" name "colour", which project records cannot be filtered by/,
  );
  ok(
    new RecordEngine(NO_DATABASE, recordTypes(), Date.now, {
      controllers: areas().flatMap((area) => area.controllers ?? []),
    }),
    "the product's own declarations are refused",
  );
});
