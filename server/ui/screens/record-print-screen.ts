/**
 * The printable page of a record that prints (`/app/<module>/print/:id`): the
 * printed document the server builds for it (print-routes.ts), the same value
 * its PDF draws, shown by the `printed-document` widget for whoever may read the
 * record. Print opens the browser's print dialog; on paper the app's frame and
 * the buttons are left off (client/styles.css, `@media print`).
 */
import { z } from "zod";
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { pdfButton } from "../../../schemas/descriptor/print-buttons.ts";
import { head, type ScreenDef } from "./screen-def.ts";

/** What a type's printable page says. */
export interface RecordPrintPage {
  /** The screen id and route: `invoices/print`. */
  id: string;
  /** The module it belongs to (switched off with it). */
  module: string;
  /** The record type printed. */
  type: string;
  /** The page's title: "Print invoice". */
  title: string;
  /** The source's label: "Invoice". */
  label: string;
  /** The PDF's fallback file name. */
  filename: string;
  /** Back to the record: its label and its form's route under /app (`invoices/{id}`). */
  back: { label: string; to: string };
}

/** The printable page of a record type. */
export function recordPrintScreen(page: RecordPrintPage): ScreenDef {
  const body: Node = {
    type: "page",
    children: [
      {
        type: "stack",
        direction: "row",
        gap: "small",
        children: [
          { type: "button", label: "Print", variant: "primary", action: { kind: "print" } },
          pdfButton(page.type, page.filename),
          {
            type: "button",
            label: page.back.label,
            variant: "ghost",
            action: { kind: "navigate", to: `/app/${page.back.to}` },
          },
        ],
      },
      { type: "printed-document", source: page.type, path: "document" },
    ],
  };
  return {
    id: page.id,
    audience: "staff",
    module: page.module,
    params: z.object({ id: z.string().min(1).max(64) }).strict(),
    paramsKey: () => "",
    build: () => ({
      ...head(page.id, page.title, "static"),
      sources: {
        [page.type]: {
          method: "GET",
          path: `/api/records/${page.type}/{id}/printable`,
          label: page.label,
          critical: true,
        },
      },
      body,
    }),
  };
}
