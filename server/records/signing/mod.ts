/**
 * Signing, a capability of every record type that prints: an area names its
 * signable types in its manifest (`signing`, signable.ts) and the engine asks for
 * signatures on a record's current revision. The revision's printed document is
 * rendered to a PDF once and its bytes kept with their SHA-256; each signer gets
 * a one-time link by mail (only its token's SHA-256 is stored), in order or all at
 * once; they read the document, pick optional lines, type their full name and
 * sign, or decline with a reason. Every step is an evidence event (time, address,
 * agent) in a hash chain; completion takes the record's accept action and stamps a
 * completion page onto the stored PDF; any PDF can be checked against the record.
 * A signed or pending revision cannot be edited; a new revision supersedes.
 */
export type { Signable, SignerInput, SigningChoice } from "./signable.ts";
export { type SigningContext, signingContext } from "./signing-context.ts";
export { signingObserver } from "./signing-observer.ts";
export { signingRoutes } from "./signing-routes.ts";
export { requestEvidence } from "./request-evidence.ts";
