/**
 * What `defineRecordType` refuses at start-up, before any caller sees the type:
 * two fields that read alike (on the record or in one child table).
 */
import { throws as assertThrows } from "node:assert/strict";
import { defineRecordType } from "./define.ts";
import type { FieldDeclaration, RecordTypeDeclaration } from "./declaration.ts";
import { RECORD_TYPES } from "./catalogue.ts";

function declaration(
  fields: readonly FieldDeclaration[],
  extra: Partial<RecordTypeDeclaration> = {},
): RecordTypeDeclaration {
  return {
    id: "gadget",
    label: "Gadget",
    plural: "Gadgets",
    module: "gadgets",
    naming: { series: "GDG-.#####" },
    title_field: "name",
    search_fields: [],
    fields,
    list: { columns: [], sort: [] },
    form: { tabs: [{ id: "main", label: "Gadget", sections: [{ columns: [[]] }] }] },
    roles: {},
    ...extra,
  };
}

Deno.test("two fields of a record labelled alike are refused, naming both", () => {
  assertThrows(
    () =>
      defineRecordType(declaration([
        { id: "tax_total", label: "Tax", type: "currency" },
        { id: "tax_rate", label: "tax", type: "percent" },
      ])),
    /Record type "gadget": fields "tax_total" and "tax_rate" are both labelled "tax"/,
  );
});

Deno.test("two columns of one child table labelled alike are refused, naming the table", () => {
  assertThrows(
    () =>
      defineRecordType(declaration([{
        id: "lines",
        label: "Lines",
        type: "table",
        child: {
          table: "gadget_lines",
          fields: [
            { id: "tax_template", label: "Tax", type: "data" },
            { id: "tax_amount", label: "Tax", type: "currency" },
          ],
        },
      }])),
    /Record type "gadget" table "lines": fields "tax_template" and "tax_amount" are both labelled "Tax"/,
  );
});

Deno.test("every declared type's fields and child columns read differently", () => {
  for (const type of RECORD_TYPES) defineRecordType(type.declaration);
});
