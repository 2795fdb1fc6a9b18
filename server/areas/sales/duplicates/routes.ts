/** The calls of duplicate detection (module `duplicate-detection`, whose read they need). */
import {
  DuplicateCheckRequest,
  DuplicateCheckResponse,
  DuplicateScanRequest,
  DuplicateScanResponse,
} from "../../../../schemas/api/duplicates.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { scanDuplicates } from "./scan.ts";
import { checkNewRecord } from "./check.ts";

/** Declares the duplicate detection endpoints. */
export function duplicateRoutes(api: Api, records: RecordEngine): void {
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
}
