/**
 * The printable invoice (`/app/invoices/print/:id`): the printed document the
 * server builds for the invoice (server/modules/finance/printed-invoice.ts), the
 * same value its PDF draws, shown by the `printed-document` widget for whoever may
 * read the invoice. Print opens the browser's print dialog; on paper the app's
 * frame and the buttons are left off (client/styles.css, `@media print`).
 */
import { z } from "zod";
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { INVOICE_PDF_BUTTON } from "../../areas/finance/types/invoice.ts";
import { head, type ScreenDef } from "./screen-def.ts";

const SOURCE = "invoice";

const body: Node = {
  type: "page",
  children: [
    {
      type: "stack",
      direction: "row",
      gap: "small",
      children: [
        {
          type: "button",
          label: "Print",
          variant: "primary",
          action: { kind: "print" },
        },
        INVOICE_PDF_BUTTON,
        {
          type: "button",
          label: "Back to the invoice",
          variant: "ghost",
          action: { kind: "navigate", to: "/app/invoices/{id}" },
        },
      ],
    },
    { type: "printed-document", source: SOURCE, path: "document" },
  ],
};

/** `/app/invoices/print/:id`. */
export const INVOICE_PRINT_SCREEN: ScreenDef = {
  id: "invoices/print",
  audience: "staff",
  module: "invoices",
  params: z.object({ id: z.string().min(1).max(64) }).strict(),
  paramsKey: () => "",
  build: () => ({
    ...head("invoices/print", "Print invoice", "static"),
    sources: {
      [SOURCE]: {
        method: "GET",
        path: "/api/records/invoice/{id}/printable",
        label: "Invoice",
        critical: true,
      },
    },
    body,
  }),
};
