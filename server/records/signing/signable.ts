/**
 * A record type that may be signed: an area opts in through its manifest
 * (`signing`), naming the actions the signing engine follows and takes. The type
 * must also print (`printers`): the document signed is its printed document.
 */
import type { Queryable } from "../../db/database.ts";
import type { RecordData } from "../engine/record-rows.ts";

/** One person asked to sign. */
export interface SignerInput {
  name: string;
  email: string;
  /** A portal user who may sign inside the portal instead of by the mailed link. */
  userId?: string | null;
}

/** An optional part of the document a signer may pick as they sign. */
export interface SigningChoice {
  value: string;
  label: string;
}

/** How a record type is signed. */
export interface Signable {
  /** The record type's id. */
  type: string;
  /** The field holding the record's revision (absent or empty: revision 1). */
  revisionField?: string;
  /** The action whose taking makes a request for the revision (a proposal's `send`). */
  requestOn: string;
  /** Actions that start a new revision: they supersede the open request. */
  supersedeOn: readonly string[];
  /** The action completing the request takes, with the names typed and the picks. */
  accept: string;
  /** The action a signer's decline takes, with their reason as its comment. */
  decline: string;
  /** The field naming the staff member the completing action is taken as (else the requester). */
  ownerField?: string;
  /** Who signs when the request is made by `requestOn`. */
  signers(
    read: Queryable,
    where: { organizationId: string; record: Readonly<RecordData> },
  ): Promise<SignerInput[]>;
  /** The optional parts a signer may pick. */
  choices?(
    read: Queryable,
    where: { organizationId: string; record: Readonly<RecordData> },
  ): Promise<SigningChoice[]>;
}

/** The revision of a record as its signable type counts it. */
export function revisionOf(signable: Signable, record: Readonly<RecordData>): number {
  const value = signable.revisionField ? Number(record[signable.revisionField] ?? 1) : 1;
  return Number.isFinite(value) && value > 0 ? value : 1;
}
