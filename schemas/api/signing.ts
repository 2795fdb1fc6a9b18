/** The request bodies of signing: a signer's answers, a staff request and a PDF to verify. */
import { z } from "zod";
import { nameText } from "./name-text.ts";

/** What the signing page sends to open the document (nothing). */
export const SigningViewBody = z.object({}).strict();

/** A signer's signature: their full name typed, and the optional lines they picked. */
export const SigningSignBody = z.object({
  signature_name: nameText({ max: 140 }),
  choices: z.array(z.string().max(64)).max(2_000).optional(),
}).strict();

/** A signer's decline, with the reason the sender is told. */
export const SigningDeclineBody = z.object({ reason: z.string().max(2_000) }).strict();

/** A staff request for signatures on the record's current revision. */
export const SignatureRequestBody = z.object({
  signers: z.array(
    z.object({
      name: nameText({ max: 140 }),
      email: z.string().max(254),
      user_id: z.string().max(64).optional(),
    }).strict(),
  ).min(1).max(20),
  order: z.enum(["sequential", "parallel"]).default("sequential"),
}).strict();

/** A PDF to check against the stored signature requests, as base64. */
export const SignatureVerifyBody = z.object({ pdf: z.string().min(1).max(1_000_000) }).strict();
