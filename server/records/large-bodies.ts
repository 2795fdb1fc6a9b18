/**
 * The record calls whose bodies may exceed the usual 1 MiB, with their own limits:
 * a CSV import (a whole file of rows) and a file for an attach field. Every other
 * call keeps the app-wide limit.
 */
import type { Context } from "hono";
import { IMPORT_MAX_BYTES } from "./import-export-routes.ts";
import { FILE_MAX_BYTES } from "./engine/files.ts";

/** A call with a larger body limit. */
export interface LargeBody {
  path: RegExp;
  maxBytes: number;
  message: string;
}

/** Room for a multipart form's boundaries and headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const LARGE_BODIES: readonly LargeBody[] = [
  {
    path: /^\/api\/records\/[a-z][a-z0-9_]*\/import$/,
    maxBytes: IMPORT_MAX_BYTES,
    message: "An import file may be at most 64 MiB",
  },
  {
    path: /^\/enterprise-projects\/import$/,
    maxBytes: IMPORT_MAX_BYTES,
    message: "An import file may be at most 64 MiB",
  },
  {
    path: /^\/api\/records\/[a-z][a-z0-9_]*\/files$/,
    maxBytes: FILE_MAX_BYTES + FORM_OVERHEAD_BYTES,
    message: "A file may be at most 10 MiB",
  },
];

/** The larger limit of a request's call, if it has one. */
export function largeBodyOf(c: Context): LargeBody | undefined {
  if (c.req.method !== "POST") return undefined;
  return LARGE_BODIES.find((b) => b.path.test(c.req.path));
}
