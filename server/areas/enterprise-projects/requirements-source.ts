/**
 * The text of a requirements document: `document_source_id` names a `document`
 * record the caller may read (its attached file) or a file of the organisation.
 * Only plain text and Markdown are read (415 otherwise, naming the field); an
 * unknown id is a 400 naming the field, never a hint about other tenants.
 */
import type { Database } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import { AppError, invalidInput } from "../../platform/errors/app-error.ts";
import { readFile } from "../../records/engine/files.ts";
import type { RecordEngine } from "../../records/engine/engine.ts";

const FIELD = "document_source_id";
const TEXT_TYPES = new Set(["text/plain", "text/markdown", "text/x-markdown"]);
const TEXT_NAMES = /\.(txt|md|markdown|text)$/i;

async function documentFileId(
  db: Database,
  records: RecordEngine,
  access: Access,
  id: string,
): Promise<string> {
  const isDocument = await db.get<{ id: string }>(
    "SELECT id FROM documents WHERE organization_id = ? AND id = ?",
    [access.organizationId, id],
  );
  if (!isDocument) return id;
  const { record } = await records.get(access, "document", id);
  return String(record.file ?? "");
}

/** The document's name and text. */
export async function requirementsText(
  deps: { db: Database; records: RecordEngine },
  access: Access,
  id: string,
): Promise<{ name: string; text: string }> {
  const fileId = await documentFileId(deps.db, deps.records, access, id);
  const file = await readFile(deps.db, access.organizationId, fileId);
  if (!file) {
    throw invalidInput(`${FIELD}: no document or file ${id}`, { [FIELD]: "Unknown document" });
  }
  const type = file.content_type.split(";")[0].trim().toLowerCase();
  if (
    !TEXT_TYPES.has(type) && !(type === "application/octet-stream" && TEXT_NAMES.test(file.name))
  ) {
    throw new AppError(
      415,
      "unsupported_media_type",
      `${FIELD}: ${file.name} is ${type}; only plain text or Markdown can be read`,
      { details: { fields: { [FIELD]: `Unsupported type ${type}` } } },
    );
  }
  return { name: file.name, text: new TextDecoder().decode(file.data) };
}
