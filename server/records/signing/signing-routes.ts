/**
 * The calls of signing. For someone with no account, by their link's token:
 * open the document (`POST /api/signing/:token`), its PDF exactly as hashed
 * (`GET …/pdf`), sign (`…/sign`) and decline (`…/decline`); and for anyone
 * holding a PDF, `POST /api/signature-verification`. For staff, on each signable
 * type (behind the record's own read): its requests with signers and evidence
 * (`GET /api/records/{type}/:id/signatures`), a new request
 * (`POST` there, with the permission of the type's request action) and a
 * request's PDF, signed once complete (`GET …/signatures/:request/pdf`).
 */
import {
  SignatureRequestBody,
  SignatureVerifyBody,
  SigningDeclineBody,
  SigningSignBody,
  SigningViewBody,
} from "../../../schemas/api/signing.ts";
import type { Api } from "../../platform/http/api.ts";
import { invalidInput, notFound } from "../../platform/errors/app-error.ts";
import { requireAuthorized } from "../../platform/access/authorize.ts";
import { decodeBase64 } from "../../platform/auth/base64.ts";
import { pdfDownload } from "../../platform/printing/pdf-response.ts";
import { loadRecord } from "../engine/record-store.ts";
import { nowOf, type SigningContext } from "./signing-context.ts";
import { declineByLink, signByLink, viewByLink } from "./signer-answers.ts";
import { verifyPdf } from "./pdf-verify.ts";
import { recordSignatures } from "./record-signatures.ts";
import { createSignatureRequest } from "./signature-requests.ts";
import { opened } from "./signer-answers.ts";
import { requestById, requestPdf } from "./signing-store.ts";

const TAG = "Signing";

/** Declares the signing calls. */
export function signingRoutes(api: Api, ctx: SigningContext): void {
  const db = ctx.engine.db;
  api.route({
    method: "post",
    path: "/api/signing/:token",
    tag: TAG,
    summary:
      "The document a signing link opens, with where the signer stands (first opening recorded)",
    audience: "public",
    body: SigningViewBody,
  }, async (c) => c.json(await viewByLink(ctx, c.req.param("token")!)));

  api.route({
    method: "get",
    path: "/api/signing/:token/pdf",
    tag: TAG,
    summary: "The PDF a signing link asks to sign, exactly the bytes whose SHA-256 is kept",
    audience: "public",
  }, async (c) => {
    const { request } = await opened(db, c.req.param("token")!);
    const pdf = await requestPdf(db, request.id, "original");
    return pdfDownload(decodeBase64(pdf!), request.file_name);
  });

  api.route({
    method: "post",
    path: "/api/signing/:token/sign",
    tag: TAG,
    summary: "Signs with the full name typed and the optional lines picked; the link is then used",
    audience: "public",
    body: SigningSignBody,
  }, async (c, { body }) => c.json(await signByLink(ctx, c.req.param("token")!, body)));

  api.route({
    method: "post",
    path: "/api/signing/:token/decline",
    tag: TAG,
    summary: "Declines with a reason; the link is then used",
    audience: "public",
    body: SigningDeclineBody,
  }, async (c, { body }) => c.json(await declineByLink(ctx, c.req.param("token")!, body)));

  api.route({
    method: "post",
    path: "/api/signature-verification",
    tag: TAG,
    summary:
      "Which record, revision and request a PDF is (original or signed) and whether its evidence chain verifies",
    audience: "public",
    body: SignatureVerifyBody,
  }, async (c, { body }) => {
    let bytes: Uint8Array;
    try {
      bytes = decodeBase64(body.pdf);
    } catch {
      throw invalidInput("The PDF is not base64", { pdf: "Send the PDF's bytes as base64" });
    }
    return c.json(await verifyPdf(db, bytes));
  });

  for (const signable of ctx.signables.values()) {
    const type = ctx.engine.types.get(signable.type)!;
    const base = `/api/records/${type.id}/:id/signatures`;
    const label = type.declaration.label.toLowerCase();
    api.route({
      method: "get",
      path: base,
      tag: type.declaration.plural,
      summary: `A ${label}'s signature requests, signers and evidence (for whoever may read it)`,
      audience: "staff",
    }, async (c, { access }) => {
      const { record } = await ctx.engine.get(access, type.id, c.req.param("id")!);
      return c.json(
        await recordSignatures(db, {
          organizationId: access.organizationId,
          type: type.id,
          id: String(record.id),
        }),
      );
    });

    api.route({
      method: "post",
      path: base,
      tag: type.declaration.plural,
      summary:
        `Asks for signatures on a ${label}'s current revision (an open request is superseded)`,
      audience: "staff",
      body: SignatureRequestBody,
      status: 201,
    }, async (c, { access, body }) => {
      const { record: visible } = await ctx.engine.get(access, type.id, c.req.param("id")!);
      requireAuthorized(access, type.module, signable.requestOn);
      const request = await db.transaction(async (tx) => {
        const record = await loadRecord(tx, type, access.organizationId, String(visible.id), {
          lock: true,
        });
        if (!record) throw notFound(type.declaration.label);
        return await createSignatureRequest(tx, {
          type,
          signable,
          record,
          organizationId: access.organizationId,
          signers: body.signers.map((s) => ({ name: s.name, email: s.email, userId: s.user_id })),
          order: body.order,
          requestedBy: access.user.id,
          now: nowOf(ctx),
          publicUrl: ctx.engine.publicUrl,
        });
      });
      return c.json({ request: { id: request.id, revision: request.revision } }, 201);
    });

    api.route({
      method: "get",
      path: `${base}/:request/pdf`,
      tag: type.declaration.plural,
      summary:
        `A ${label}'s signature request as a PDF: signed, with its completion page, once complete`,
      audience: "staff",
    }, async (c, { access }) => {
      const { record } = await ctx.engine.get(access, type.id, c.req.param("id")!);
      const request = await requestById(db, access.organizationId, c.req.param("request")!);
      if (!request || request.record_id !== record.id) throw notFound("Signature request");
      const signed = await requestPdf(db, request.id, "signed");
      const bytes = decodeBase64(signed ?? (await requestPdf(db, request.id, "original"))!);
      const name = signed
        ? request.file_name.replace(/(\.pdf)?$/i, "-signed.pdf")
        : request.file_name;
      return pdfDownload(bytes, name);
    });
  }
}
