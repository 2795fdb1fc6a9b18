/**
 * Enrols several leads in one sequence at once (the sequence's "enrol leads"):
 * each lead is one enrolment's create through the engine, as the caller, in its
 * own transaction, so each is checked, permitted and audited as an enrolment made
 * on its form is, and one refused lead (already enrolled: 409; unsubscribed: 400)
 * does not stop the others. The answer says what became of each, in order.
 */
import { NurtureEnrolRequest, NurtureEnrolResponse } from "../../../../schemas/api/nurture.ts";
import { AppError } from "../../../platform/errors/app-error.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import { NURTURE_ENROLLMENT } from "../types/nurture-enrollment.ts";
import { NURTURE_SEQUENCE } from "../types/nurture-sequence.ts";

/** Declares the call. */
export function enrolRoutes(api: Api, records: RecordEngine): void {
  api.route({
    method: "post",
    path: "/api/nurture/sequences/:id/enrol",
    tag: "Lead nurturing",
    summary: "Enrol several leads in a sequence, each on its own",
    description:
      "Each lead is enrolled as one enrolment's create; a lead already active in the sequence is refused (409), an unsubscribed one too (400), without stopping the others.",
    audience: "staff",
    permission: { module: NURTURE_ENROLLMENT.module, actions: ["create"] },
    body: NurtureEnrolRequest,
    response: NurtureEnrolResponse,
  }, async (c, { access, body }) => {
    const sequence = c.req.param("id")!;
    // A sequence the caller may not read answers 404, as its own GET does.
    await records.get(access, NURTURE_SEQUENCE.id, sequence);
    const results = [];
    for (const lead of body.leads) {
      try {
        const made = await records.create(access, NURTURE_ENROLLMENT.id, { lead, sequence });
        results.push({ lead, enrollment: String(made.id), status: 201, message: null });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        results.push({ lead, enrollment: null, status: error.status, message: error.message });
      }
    }
    return c.json({ results });
  });
}
