/**
 * Who issues a printed document: the firm's letterhead (legal name, address, tax
 * number, logo), falling back on the organisation's own name, address and
 * contacts where the letterhead leaves them empty. Every printed record (an
 * invoice, a proposal) heads its document with this.
 */
import type { LetterheadFields } from "../../../schemas/api/letterhead.ts";
import type { PrintedDocument } from "../../../schemas/api/printed-document.ts";

/** The organisation's own record, as a printed document's loader reads it. */
export interface PrintingOrganization {
  organization: string;
  organization_address: string;
  organization_email: string;
  organization_phone: string;
  organization_website: string;
}

/** The SQL columns of `organizations o` a loader reads for the issuer. */
export const ORGANIZATION_COLUMNS =
  "o.name AS organization, o.address AS organization_address, o.email AS organization_email, " +
  "o.phone AS organization_phone, o.website AS organization_website";

/** The non-empty, trimmed lines of a multi-line text. */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
}

/** The issuer of a printed document: the letterhead, else the organisation's own record. */
export function issuerOf(
  organization: PrintingOrganization,
  letterhead: LetterheadFields,
): PrintedDocument["issuer"] {
  return {
    name: letterhead.legal_name || organization.organization,
    lines: [
      ...linesOf(letterhead.address || organization.organization_address),
      ...(letterhead.tax_number ? [`Tax number: ${letterhead.tax_number}`] : []),
      ...[
        organization.organization_email,
        organization.organization_phone,
        organization.organization_website,
      ]
        .map((contact) => contact.trim()).filter((contact) => contact !== ""),
    ],
    logo: letterhead.logo || null,
  };
}
