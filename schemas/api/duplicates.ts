/** Payloads of duplicate detection: the scan of leads and clients and its candidate pairs. */
import { z } from "zod";

/** A record of a candidate pair, as the caller may read it. */
export const DuplicateRecord = z.object({
  type: z.enum(["lead", "client"]),
  id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  path: z.string().describe("the app path of the record's form"),
}).strict();

/** Which fields of a pair match, and how alike each is (0 to 1). */
export const DuplicateFields = z.object({
  name: z.number().optional(),
  email: z.number().optional(),
  phone: z.number().optional(),
  company: z.number().optional(),
}).strict();

export const DuplicatePair = z.object({
  a: DuplicateRecord,
  b: DuplicateRecord,
  score: z.number().min(0).max(1),
  matched: z.array(z.enum(["name", "email", "phone", "company"])),
  reasons: z.string().describe('the matching fields in words: "Email, Contact name"'),
  fields: DuplicateFields,
  merge_path: z.string().describe(
    "the merge screen of the pair; empty when the two are of different types",
  ),
}).strict();

export const DuplicateScanRequest = z.object({
  types: z.array(z.enum(["lead", "client"])).min(1).optional()
    .describe("the record types scanned; every one the caller may read unless given"),
  min_score: z.number().min(0.5).max(1).optional().describe("0.8 unless given"),
  limit: z.number().int().min(1).max(500).optional().describe(
    "pairs returned, best first; 100 unless given",
  ),
}).strict();

export const DuplicateScanResponse = z.object({
  pairs: z.array(DuplicatePair),
  total: z.number().int().describe("candidate pairs found, before the limit"),
  records: z.number().int().describe("records scanned"),
  compared: z.number().int().describe("pairs compared: only records sharing a blocking key are"),
}).strict();

export const DuplicateCheckRequest = z.object({
  type: z.enum(["lead", "client"]),
  values: z.record(z.string(), z.unknown()).describe(
    "the new record's values as the form holds them",
  ),
  id: z.string().max(100).optional().describe("the record itself, left out of its look-alikes"),
}).strict();

/** An existing record a new one looks like. */
export const DuplicateWarning = z.object({
  text: z.string().describe('"Looks like lead Jon Smith (Acme), 94% alike on Email, Name"'),
  link: z.object({ label: z.string(), to: z.string() }).strict(),
  score: z.number(),
}).strict();

export const DuplicateCheckResponse = z.object({
  warnings: z.array(DuplicateWarning),
}).strict();
