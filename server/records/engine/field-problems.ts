/**
 * Validation problems in the user's words. The engine's checks and a type's rules
 * name each problem at its field path (`purpose`, `lines[2].amount`, `lines`) with
 * a phrase about the field: "Required", "Must be at least 0.01", "Cannot be more
 * than the amount claimed", or a sentence of its own. Here each becomes a sentence
 * naming the field by its label and a child row by its position ("Line 3: Amount
 * must be at least 0.01"), for the error's message and for `details.fields`, which
 * stay keyed by path so a form shows each at its field or grid cell. Every record
 * type gets this from its declaration: its labels and its tables' `row_label`.
 */
import { AppError, conflict } from "../../platform/errors/app-error.ts";
import type { RecordField, RecordType } from "../define.ts";

/** Problems by field path, as checks and rules find them. */
export type Problems = Readonly<Record<string, string>>;

/** What a row of a table is called when its table does not say (`row_label`). */
const ROW = "Row";

/** A child row path: `lines[2]` or `lines[2].amount`. */
const PATH = /^([a-z][a-z0-9_]*)\[(\d+)\](?:\.([a-z][a-z0-9_]*))?$/;

/** Phrases that read as the rest of a sentence starting with the field's name. */
const PREDICATE = /^(Must|Cannot|Is|Has|Needs|Repeats) /;

/**
 * A 400 whose `details.fields` are sentences. The problems as found are kept for a
 * caller that names fields its own way (an import names its file's column headings).
 */
export class FieldProblems extends AppError {
  readonly problems: Problems;

  constructor(message: string, fields: Problems, problems: Problems) {
    super(400, "invalid_input", message, { details: { fields } });
    this.name = "FieldProblems";
    this.problems = problems;
  }
}

/** A problem as a sentence about the field called `name`. */
export function fieldSentence(name: string, problem: string): string {
  if (problem === "Required") return `${name} is required`;
  // A rule's own sentence that names the field already ("Invoice INV-7 belongs to another client").
  if (problem.startsWith(`${name} `)) return problem;
  if (PREDICATE.test(problem)) return `${name} ${problem[0].toLowerCase()}${problem.slice(1)}`;
  return `${name}: ${problem}`;
}

/** What a row of the table field is called in messages. */
export function rowLabelOf(table: RecordField | undefined): string {
  return table?.child?.row_label ?? ROW;
}

/** The sentence for a problem at `path` of a record of `type`. */
export function problemSentence(type: RecordType, path: string, problem: string): string {
  const row = PATH.exec(path);
  if (!row) {
    const field = type.field.get(path);
    if (!field) return problem === "Unknown field" ? `Unknown field "${path}"` : problem;
    if (field.type === "table" && problem === "Required") {
      return `${field.label}: add at least one ${rowLabelOf(field).toLowerCase()}`;
    }
    return fieldSentence(field.label, problem);
  }
  const [, tableId, index, columnId] = row;
  const table = type.field.get(tableId);
  const where = `${rowLabelOf(table)} ${Number(index) + 1}`;
  if (columnId === undefined) return `${where}: ${problem}`;
  const column = table?.childFields?.find((c) => c.id === columnId);
  if (!column) {
    return problem === "Unknown field"
      ? `${where}: unknown field "${columnId}"`
      : `${where}: ${problem}`;
  }
  return `${where}: ${fieldSentence(column.label, problem)}`;
}

/** Each problem as its sentence, keyed by the same paths. */
export function problemSentences(type: RecordType, problems: Problems): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([path, problem]) => [
      path,
      problemSentence(type, path, problem),
    ]),
  );
}

/** The message of many sentences: the first, and how many more there are. */
function summary(sentences: readonly string[]): string {
  const more = sentences.length - 1;
  return more > 0
    ? `${sentences[0]} (and ${more} more ${more === 1 ? "problem" : "problems"})`
    : sentences[0];
}

/** 400 naming every problem at its field, in the user's words. */
export function invalidFields(type: RecordType, problems: Problems): FieldProblems {
  const fields = problemSentences(type, problems);
  return new FieldProblems(summary(Object.values(fields)), fields, problems);
}

/**
 * 409: the record's state does not let these fields change. The message is the
 * state's reason ("Only a draft can be changed: this expense claim is submitted");
 * the fields are named as every other problem is.
 */
export function lockedByState(type: RecordType, reason: string, problems: Problems): AppError {
  return conflict(reason, { fields: problemSentences(type, problems) });
}
