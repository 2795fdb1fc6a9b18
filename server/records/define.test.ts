/**
 * What `defineRecordType` and the engine refuse at start-up, before any caller
 * sees the type: two fields that read alike (on the record or in one child
 * table), and makes that read or fill fields that do not exist.
 */
import { throws as assertThrows } from "node:assert/strict";
import { defineRecordType } from "./define.ts";
import type { FieldDeclaration, RecordTypeDeclaration } from "./declaration.ts";
import { recordTypes } from "./catalogue.ts";
import { RecordEngine } from "./engine/engine.ts";
import type { Database } from "../db/database.ts";

function declaration(
  fields: readonly FieldDeclaration[],
  extra: Partial<RecordTypeDeclaration> = {},
): RecordTypeDeclaration {
  return {
    id: "gadget",
    label: "Gadget",
    plural: "Gadgets",
    module: "milestones",
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
  for (const type of recordTypes()) defineRecordType(type.declaration);
});

Deno.test("a make that reads a field the type lacks, or does not parse, is refused at start-up", () => {
  const amount = { id: "amount", label: "Amount", type: "currency" } as const;
  const make = (when: string, values: Record<string, string>) =>
    declaration([amount], {
      makes: [{ id: "start_refund", label: "Start refund", type: "refund", when, values }],
    });
  assertThrows(
    () => defineRecordType(make("amount > 0", { amount: "outstanding" })),
    /Record type "gadget": make "start_refund" reads unknown field "outstanding"/,
  );
  assertThrows(
    () => defineRecordType(make("amount >", { amount: "amount" })),
    /Record type "gadget": make "start_refund": .* in "amount >"/,
  );
  defineRecordType(make("docstatus == 1 and amount > 0", { amount: "amount", source: "id" }));
});

Deno.test("the engine refuses a make naming a type, or a field of it, that does not exist", () => {
  const source = (values: Record<string, string>, type = "gadget") =>
    defineRecordType(declaration([{ id: "amount", label: "Amount", type: "currency" }], {
      makes: [{ id: "copy", label: "Copy", type, when: "amount > 0", values }],
    }));
  const noDatabase = {} as Database;
  assertThrows(
    () => new RecordEngine(noDatabase, [source({ amount: "amount" }, "refund")]),
    /Record type "gadget": make "copy" names unknown type "refund"/,
  );
  assertThrows(
    () => new RecordEngine(noDatabase, [source({ total: "amount" })]),
    /Record type "gadget": make "copy" fills unknown field "total" of gadget/,
  );
  new RecordEngine(noDatabase, [source({ amount: "amount" })]);
});

Deno.test("a default formula naming a field the type lacks is refused at start-up", () => {
  const issued = { id: "issued_on", label: "Issued on", type: "date" } as const;
  const due = (formula: string) =>
    declaration([issued, {
      id: "due_on",
      label: "Due on",
      type: "date",
      default_formula: formula,
    }]);
  assertThrows(
    () => defineRecordType(due("add_days(issued_on, terms_days)")),
    /Record type "gadget": default_formula of "due_on" names unknown field "terms_days"/,
  );
  assertThrows(
    () => defineRecordType(due("add_days(issued_on,")),
    /Record type "gadget": default_formula of "due_on": .* in "add_days\(issued_on,"/,
  );
  assertThrows(
    () => defineRecordType(due("add_days(due_on, 30)")),
    /default_formula of "due_on" reads "due_on", which has no value yet/,
  );
  defineRecordType(due("add_days(issued_on, 30)"));
});

Deno.test("a field may not have both computed and default_formula, nor a formula in a child row", () => {
  const issued = { id: "issued_on", label: "Issued on", type: "date" } as const;
  assertThrows(
    () =>
      defineRecordType(declaration([issued, {
        id: "due_on",
        label: "Due on",
        type: "date",
        computed: { expression: "add_days(issued_on, 30)" },
        default_formula: "add_days(issued_on, 30)",
      }])),
    /Record type "gadget": field "due_on" has both computed and default_formula/,
  );
  assertThrows(
    () =>
      defineRecordType(declaration([issued, {
        id: "due_on",
        label: "Due on",
        type: "date",
        default: "@today",
        default_formula: "add_days(issued_on, 30)",
      }])),
    /field "due_on" has both default and default_formula/,
  );
  assertThrows(
    () =>
      defineRecordType(declaration([{
        id: "lines",
        label: "Lines",
        type: "table",
        child: {
          table: "gadget_lines",
          fields: [issued, {
            id: "due_on",
            label: "Due on",
            type: "date",
            default_formula: "issued_on",
          }],
        },
      }])),
    /field "lines.due_on" has a default_formula; only a record's own fields may/,
  );
});
