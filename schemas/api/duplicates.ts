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
    "the merge screen of the pair; empty unless both are leads",
  ),
  mergeable: z.boolean().describe("the two may be merged (two leads)"),
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

const Pick = z.enum(["survivor", "merged"]);

export const MergeRequest = z.object({
  type: z.literal("lead").describe("the type of both records (leads are merged)"),
  survivor: z.string().min(1).max(100).describe("the record that stays"),
  merged: z.string().min(1).max(100).describe(
    "the record merged into it, kept hidden until confirmed",
  ),
  picks: z.object({
    name: Pick.optional(),
    company: Pick.optional(),
    email: Pick.optional(),
    phone: Pick.optional(),
    estimated_value: Pick.optional(),
    owner: Pick.optional(),
  }).strict().default({}).describe(
    "which record each field's value is taken from; the survivor's unless given",
  ),
}).strict();

export const MergeStepRequest = z.object({
  merged: z.string().min(1).max(100).describe("the merged-away record"),
}).strict();

export const MergeResponse = z.object({
  record: z.record(z.string(), z.unknown()),
  path: z.string().describe("the app path of the survivor"),
}).strict();

export const MergePreviewRequest = z.object({
  type: z.literal("lead"),
  survivor: z.string().min(1).max(100),
  merged: z.string().min(1).max(100),
}).strict();

const MergeOption = z.object({ value: Pick, label: z.string() }).strict();

export const MergePreviewResponse = z.object({
  survivor: z.object({ id: z.string(), name: z.string(), path: z.string() }).strict(),
  merged: z.object({ id: z.string(), name: z.string(), path: z.string() }).strict(),
  fields: z.record(z.string(), z.array(MergeOption)).describe(
    "each field's two values, labelled with the lead they come from",
  ),
  initial: z.record(z.string(), Pick).describe(
    "the survivor's value, unless only the other has one",
  ),
}).strict();
