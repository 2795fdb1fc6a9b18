/**
 * The buttons of a record that prints (server/platform/printing/record-printer.ts): its printable page,
 * and its PDF downloaded under the name the server gives it (the record's
 * number); `filename` is only the fallback. `{id}` is the record's.
 */
import type { Node } from "./mod.ts";

/** "Download PDF" of a record of the type. */
export function pdfButton(typeId: string, filename: string): Node {
  return {
    type: "button",
    label: "Download PDF",
    variant: "secondary",
    action: {
      kind: "download",
      format: "file",
      source: `/api/records/${typeId}/{id}/pdf`,
      filename,
    },
  };
}

/** The form's Print panel: the printable page (`printRoute`, under /app) and the PDF. */
export function printPanelNode(
  typeId: string,
  printRoute: string,
  label: string,
  filename: string,
): Node {
  return {
    type: "stack",
    direction: "row",
    gap: "small",
    children: [
      {
        type: "button",
        label,
        variant: "secondary",
        action: { kind: "navigate", to: `/app/${printRoute}/{id}` },
      },
      pdfButton(typeId, filename),
    ],
  };
}
