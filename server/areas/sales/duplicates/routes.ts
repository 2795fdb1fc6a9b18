/** The calls of duplicate detection (module `duplicate-detection`, whose read they need). */
import {
  DuplicateCheckRequest,
  DuplicateCheckResponse,
  DuplicateScanRequest,
  DuplicateScanResponse,
  MergePreviewRequest,
  MergePreviewResponse,
  MergeRequest,
  MergeResponse,
  MergeStepRequest,
} from "../../../../schemas/api/duplicates.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { scanDuplicates } from "./scan.ts";
import { checkNewRecord } from "./check.ts";
import { confirmMerge, mergeLeads, undoMerge } from "./merge.ts";
import { mergePreview } from "./merge-preview.ts";
import { recordLink } from "../../../records/record-link.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";

/** Declares the duplicate detection endpoints. */
export function duplicateRoutes(api: Api, records: RecordEngine): void {
  /** A merge step's answer: the lead it answers and where it opens. */
  const answer = (record: RecordData) => ({
    record,
    path: recordLink(records.findType("lead")!, String(record.id)),
  });

  api.route({
    method: "post",
    path: "/api/duplicates/scan",
    reads: true,
    tag: "Duplicates",
    summary: "Candidate duplicate leads and clients, best first",
    description:
      "Compares only records sharing a blocking key (normalised email, the phone's last 8 digits, a phonetic key of the name, the company with the name's initial); `compared` counts the pairs compared. Only records the caller may read are scanned.",
    audience: "staff",
    body: DuplicateScanRequest,
    response: DuplicateScanResponse,
  }, async (c, { access, body }) =>
    c.json(
      await scanDuplicates(records, access, {
        types: body.types,
        minScore: body.min_score,
        limit: body.limit,
      }),
    ));

  api.route(
    {
      method: "post",
      path: "/api/duplicates/check",
      reads: true,
      tag: "Duplicates",
      summary: "Existing leads and clients a record about to be created looks like",
      description:
        "Nothing is stored. Only records the caller may read are compared; each warning names and links one.",
      audience: "staff",
      body: DuplicateCheckRequest,
      response: DuplicateCheckResponse,
    },
    async (c, { access, body }) =>
      c.json({ warnings: await checkNewRecord(records, access, body) }),
  );

  api.route({
    method: "post",
    path: "/api/duplicates/merge",
    tag: "Duplicates",
    summary: "Merges a duplicate lead into another, reversibly until confirmed",
    description:
      "The survivor takes the value picked for each field; records linking to the merged lead, documents attached to it and its comments move to the survivor. Needs leads.update.",
    audience: "staff",
    body: MergeRequest,
    response: MergeResponse,
  }, async (c, { access, body }) =>
    c.json(
      answer(
        await mergeLeads(records, access, {
          survivor: body.survivor,
          merged: body.merged,
          picks: body.picks,
        }),
      ),
    ));

  api.route(
    {
      method: "post",
      path: "/api/duplicates/merge/undo",
      tag: "Duplicates",
      summary: "Undoes a merge not yet confirmed: both leads as they were",
      audience: "staff",
      body: MergeStepRequest,
      response: MergeResponse,
    },
    async (c, { access, body }) => c.json(answer(await undoMerge(records, access, body.merged))),
  );

  api.route(
    {
      method: "post",
      path: "/api/duplicates/merge/confirm",
      tag: "Duplicates",
      summary: "Confirms a merge: it can no longer be undone",
      audience: "staff",
      body: MergeStepRequest,
      response: MergeResponse,
    },
    async (c, { access, body }) => c.json(answer(await confirmMerge(records, access, body.merged))),
  );

  api.route({
    method: "post",
    path: "/api/duplicates/merge/preview",
    reads: true,
    tag: "Duplicates",
    summary: "Two leads' values side by side, as the merge screen shows them",
    audience: "staff",
    body: MergePreviewRequest,
    response: MergePreviewResponse,
  }, async (c, { access, body }) => c.json(await mergePreview(records, access, body)));
}
