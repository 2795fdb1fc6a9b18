/**
 * What an import of a record type takes, said before the file is made: the
 * columns the caller may fill (heading, whether a new record needs it, what it
 * holds, the values a choice accepts), and a template CSV of those headings with
 * one example row that imports as it is (but for a file a record needs, which a
 * CSV names by the ID of an uploaded file). Both come from the declaration and the
 * import's own rules (`importable`, `neededOnCreate`), so they cannot drift from
 * what the import accepts.
 */
import type { Access } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { AppError } from "../../platform/errors/app-error.ts";
import type { RecordField, RecordType } from "../define.ts";
import { type CsvCell, csvLine, importable, neededOnCreate } from "../csv/mod.ts";
import type { RecordEngine } from "./engine.ts";
import { exportFileName } from "./export.ts";
import { selectOptions } from "./select-options.ts";

/** One column an import takes, as the import dialog lists it. */
export interface ImportColumnInfo {
  /** The heading to write (the field's label; its id when another field has the label). */
  heading: string;
  field: string;
  /** Whether every new record needs a value in it. */
  required: boolean;
  /** What the column holds, in words ("Date (YYYY-MM-DD)"). */
  format: string;
  /** The values a choice accepts, by their labels. */
  accepted?: string[];
  description?: string;
}

/** The columns of `type` the caller may fill in an import, in declared order. */
export async function importColumns(
  engine: RecordEngine,
  access: Access,
  typeId: string,
): Promise<{ type: RecordType; columns: ImportColumnInfo[] }> {
  const type = engine.typeFor(access, typeId, "import");
  const level1 = authorize(access, type.module, "level1");
  const fields = type.fields.filter((f) => importable(f) && !f.hidden && (f.level !== 1 || level1));
  const taken = new Set<string>();
  const columns: ImportColumnInfo[] = [];
  for (const field of fields) {
    const label = field.label.trim().toLowerCase();
    const heading = taken.has(label) ? field.id : field.label;
    taken.add(label);
    const accepted = await acceptedValues(engine, access, field);
    columns.push({
      heading,
      field: field.id,
      required: neededOnCreate(field),
      format: formatOf(engine, field),
      ...(accepted ? { accepted } : {}),
      ...(field.description ? { description: field.description } : {}),
    });
  }
  return { type, columns };
}

/** The template file: the columns' headings and one example row, with its file name. */
export async function importTemplate(
  engine: RecordEngine,
  access: Access,
  typeId: string,
): Promise<{ fileName: string; text: string }> {
  const { type, columns } = await importColumns(engine, access, typeId);
  const today = new Date(engine.clock()).toISOString().slice(0, 10);
  const example: CsvCell[] = [];
  for (const column of columns) {
    example.push(
      await exampleOf(engine, access, type.field.get(column.field)!, {
        ...column,
        today,
        titleField: type.declaration.title_field,
      }),
    );
  }
  const name = exportFileName(type, today).replace(/-\d{4}-\d{2}-\d{2}\.csv$/, "");
  return {
    fileName: `${name}-import-template.csv`,
    text: "\uFEFF" + csvLine(columns.map((c) => c.heading)) + csvLine(example),
  };
}

async function acceptedValues(
  engine: RecordEngine,
  access: Access,
  field: RecordField,
): Promise<string[] | undefined> {
  if (field.type === "check") return ["Yes", "No"];
  if (field.type !== "select" && !field.options) return undefined;
  const options = await selectOptions(engine.db, access.organizationId, field);
  return options.map((o) => o.label);
}

function formatOf(engine: RecordEngine, field: RecordField): string {
  switch (field.type) {
    case "data":
    case "long_text":
      return field.max_length ? `Text, at most ${field.max_length} characters` : "Text";
    case "email":
      return "Email address";
    case "phone":
      return "Phone number";
    case "url":
      return "Web address starting with http:// or https://";
    case "int":
      return field.options ? "One of the accepted values" : `Whole number${bounds(field)}`;
    case "float":
    case "percent":
      return `Number${bounds(field)}`;
    case "currency":
      return `Amount such as 1250.00${bounds(field)}`;
    case "check":
      return "Yes or no";
    case "select":
      return "One of the accepted values";
    case "date":
      return "Date as YYYY-MM-DD";
    case "datetime":
      return "Date and time as YYYY-MM-DD HH:MM (UTC)";
    case "attach":
      return "The ID of a file uploaded to a record's form";
    case "link":
      return field.link === "user"
        ? "A member's email or full name"
        : `The title of a ${
          (engine.findType(field.link!)?.declaration.label ?? field.link!).toLowerCase()
        }, or its ID`;
    default:
      return field.type;
  }
}

function bounds(field: RecordField): string {
  if (field.min !== undefined && field.max !== undefined) {
    return ` from ${field.min} to ${field.max}`;
  }
  if (field.min !== undefined) return ` of at least ${field.min}`;
  if (field.max !== undefined) return ` of at most ${field.max}`;
  return "";
}

/** A value of the field that imports as it is. */
async function exampleOf(
  engine: RecordEngine,
  access: Access,
  field: RecordField,
  column: ImportColumnInfo & { today: string; titleField: string },
): Promise<CsvCell> {
  const { today, titleField } = column;
  if (column.accepted) {
    if (field.type === "check") return field.default === true ? "Yes" : "No";
    const options = field.options ??
      await selectOptions(engine.db, access.organizationId, field);
    const chosen = options.find((o) => o.value === String(field.default)) ?? options[0];
    return chosen?.label ?? "";
  }
  if (field.example !== undefined) return field.example;
  switch (field.type) {
    case "data":
      // Free text is shown where a record needs it; an optional one may mean something (a code).
      return column.required || field.id === titleField
        ? `Example ${field.label.toLowerCase()}`.slice(0, field.max_length ?? 140)
        : "";
    case "long_text":
      return "";
    case "email":
      return "name@example.com";
    case "phone":
      return "+1 555 0100";
    case "url":
      return "https://example.com";
    case "int":
    case "float":
    case "currency":
    case "percent":
      return Math.min(
        Math.max(field.type === "currency" ? 100 : 1, field.min ?? 0),
        field.max ?? 1e9,
      );
    case "date":
      return today;
    case "datetime":
      return `${today} 09:00`;
    case "link":
      return await linkExample(engine, access, field.link!);
    default:
      return "";
  }
}

/** The title of a record the caller may link to (a member's email), or nothing. */
async function linkExample(engine: RecordEngine, access: Access, target: string): Promise<string> {
  if (target === "user") return access.user.email;
  try {
    const { items } = await engine.search(access, target, { limit: 1 });
    return items[0]?.title ?? "";
  } catch (error) {
    // A type the caller may not read gives no example: they name its records by ID.
    if (error instanceof AppError && error.status < 500) return "";
    throw error;
  }
}
