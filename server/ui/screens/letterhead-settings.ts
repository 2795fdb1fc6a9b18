/**
 * System Settings → Letterhead: the organisation's legal name, address, tax
 * number, logo, bank details and payment instructions printed on its invoices,
 * and the language and region its documents write dates and amounts in. Saved
 * over the version it was read at (a stale save says so).
 */
import type { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { DOCUMENT_LOCALES, LOGO_MAX_BYTES } from "../../../schemas/api/letterhead.ts";

/** The source the letterhead form reads. */
export const LETTERHEAD_SOURCE: Source = {
  method: "POST",
  path: "/admin/settings/letterhead/get",
  body: {},
  label: "Letterhead",
};

const text = (name: string, label: string, maxLength: number, help?: string) => ({
  name,
  label,
  kind: "text" as const,
  maxLength,
  ...(help ? { help } : {}),
});

/** The letterhead tab's card (its source is `letterhead`). */
export const letterheadCard: Node = {
  type: "card",
  title: "Letterhead",
  subtitle: "Printed on every invoice and its PDF: who issues it and how to pay it.",
  children: [{
    type: "form",
    id: "letterhead",
    source: "letterhead",
    fields: [
      text(
        "legal_name",
        "Legal name",
        140,
        "Printed as the issuer. Left empty, the organisation's name is printed.",
      ),
      {
        name: "address",
        label: "Address",
        kind: "textarea",
        maxLength: 500,
        help: "One line per line. Left empty, the organisation's address is printed.",
      },
      text("tax_number", "Tax number", 40, "Your VAT or tax identification number."),
      {
        name: "logo",
        label: "Logo",
        kind: "image",
        maxBytes: LOGO_MAX_BYTES,
        messages: { max: "At most 200 KB" },
        help: "A PNG or JPEG image of at most 200 KB, printed at the top of invoices.",
      },
      text("bank_account_holder", "Account holder", 140),
      {
        ...text("bank_account_number", "IBAN or account number", 40),
        pattern: "[A-Za-z0-9 -]*",
        messages: { pattern: "Letters, digits, spaces and dashes only" },
      },
      {
        ...text("bank_code", "BIC or sort code", 20),
        pattern: "[A-Za-z0-9 -]*",
        messages: { pattern: "Letters, digits, spaces and dashes only" },
      },
      text("bank_name", "Bank name", 140),
      {
        name: "payment_instructions",
        label: "Payment instructions",
        kind: "textarea",
        maxLength: 1000,
        help: "Printed under the bank details, such as when and how to pay.",
      },
      {
        name: "locale",
        label: "Language and region of documents *",
        kind: "select",
        options: DOCUMENT_LOCALES.map((l) => ({ value: l.value, label: l.label })),
        help: "How dates and amounts are written on invoices.",
      },
    ],
    submit: {
      label: "Save letterhead",
      method: "POST",
      path: "/admin/settings/letterhead",
      carry: { version: "version" },
      successText: "Letterhead saved",
      invalidate: ["letterhead"],
    },
  }],
};
