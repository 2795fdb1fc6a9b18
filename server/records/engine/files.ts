/**
 * Files of attach fields: stored in the database with their name, type, size and
 * SHA-256, and read back only through a record the caller may read (the routes
 * check the record first). An attach field holds the file's id.
 */
import type { Queryable } from "../../db/database.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { AppError, invalidInput } from "../../platform/errors/app-error.ts";
import { encodeBase64Url } from "../../platform/auth/base64.ts";
import type { UploadedFile } from "../../platform/http/uploaded-file.ts";

/** The largest file an attach field takes. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** A stored file's description (what an upload answers). */
export interface StoredFile {
  id: string;
  name: string;
  content_type: string;
  size: number;
}

/** Stores an uploaded file for the caller's organisation. */
export async function storeFile(
  q: Queryable,
  access: MembershipAccess,
  file: UploadedFile,
  now: string,
): Promise<StoredFile> {
  if (file.size > FILE_MAX_BYTES) {
    throw new AppError(413, "payload_too_large", "A file may be at most 10 MiB", {
      details: { fields: { file: "At most 10 MiB" } },
    });
  }
  // Control characters and path separators never reach a download's file name.
  const name = [...file.name].map((
    ch,
  ) => (ch < " " || ch === "\u007f" || ch === "/" || ch === "\\" ? "_" : ch))
    .join("").slice(0, 255).trim();
  if (!name) throw invalidInput("The file needs a name", { file: "The file has no name" });
  const data = await file.bytes();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(file.type)
    ? file.type
    : "application/octet-stream";
  const id = `fil_${encodeBase64Url(crypto.getRandomValues(new Uint8Array(15)))}`;
  await q.run(
    `INSERT INTO files (id, organization_id, name, content_type, size, sha256, data, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      access.organizationId,
      name,
      contentType,
      data.length,
      [...digest].map((b) => b.toString(16).padStart(2, "0")).join(""),
      data,
      access.user.id,
      now,
    ],
  );
  return { id, name, content_type: contentType, size: data.length };
}

/** A file's description in the organisation, without its bytes. */
export async function describeFile(
  q: Queryable,
  organizationId: string,
  id: string,
): Promise<StoredFile | undefined> {
  return await q.get<StoredFile>(
    "SELECT id, name, content_type, size FROM files WHERE organization_id = ? AND id = ?",
    [organizationId, id],
  );
}

/** A file of the organisation with its bytes. */
export async function readFile(
  q: Queryable,
  organizationId: string,
  id: string,
): Promise<(StoredFile & { data: Uint8Array }) | undefined> {
  return await q.get<StoredFile & { data: Uint8Array }>(
    "SELECT id, name, content_type, size, data FROM files WHERE organization_id = ? AND id = ?",
    [organizationId, id],
  );
}
