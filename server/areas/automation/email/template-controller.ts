/**
 * An email template's controller: a template is saved only when it can be sent.
 * Its record type must be one its writer may read; its subject and body must
 * parse (a syntax error is a 400 naming `subject` or `body` with its line) and
 * name only merge fields a record of that type has (merge-fields.ts; an unknown
 * one is a 400 naming the field and the merge field); it attaches a PDF only
 * for a record type that prints as one. Every problem is named at once.
 */
import { defineController } from "../../../records/engine/controller.ts";
import { invalidFields } from "../../../records/engine/field-problems.ts";
import { mayReadType } from "../../../records/engine/record-access.ts";
import { recordTypeMap } from "../../../records/catalogue.ts";
import type { RecordType } from "../../../records/define.ts";
import { EMAIL_TEMPLATE, PRINTABLE_TYPES } from "../types/email-template.ts";
import { parseTemplate, TemplateSyntaxError, TEXT_LIQUID } from "./liquid.ts";
import { unknownMergeFields } from "./merge-fields.ts";

/** The problem with one template text, if any. */
function textProblem(
  source: string,
  type: RecordType | undefined,
  types: ReadonlyMap<string, RecordType>,
): string | undefined {
  try {
    const template = parseTemplate(TEXT_LIQUID, source);
    if (!type) return undefined;
    const unknown = unknownMergeFields(TEXT_LIQUID, template, type, types);
    if (unknown.length === 0) return undefined;
    const list = unknown.map((name) => `"${name}"`).join(", ");
    return `Has ${
      unknown.length === 1 ? "an unknown merge field" : "unknown merge fields"
    } ${list}: ${type.declaration.plural.toLowerCase()} have no such field`;
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    return `Has a syntax error on line ${error.line}: ${error.message}`;
  }
}

export const EMAIL_TEMPLATE_CONTROLLER = defineController({
  type: EMAIL_TEMPLATE,
  beforeSave({ access, checked }) {
    const types = recordTypeMap();
    const problems: Record<string, string> = {};
    const typeId = String(checked.values.record_type ?? "");
    const type = types.get(typeId);
    if (!type || !mayReadType(type, access)) {
      problems.record_type = "Must be a record type you may read";
    }
    const readable = problems.record_type ? undefined : type;
    for (const field of ["subject", "body"] as const) {
      const problem = textProblem(String(checked.values[field] ?? ""), readable, types);
      if (problem) problems[field] = problem;
    }
    const attach = checked.values.attach_pdf;
    if ((attach === true || attach === 1) && !PRINTABLE_TYPES.includes(typeId)) {
      problems.attach_pdf = "Is offered only for records that print as a PDF (invoices)";
    }
    if (Object.keys(problems).length > 0) throw invalidFields(EMAIL_TEMPLATE, problems);
    return Promise.resolve();
  },
});
