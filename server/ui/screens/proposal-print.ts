/** The printable proposal (`/app/proposals/print/:id`), a record print page (record-print-screen.ts). */
import { recordPrintScreen } from "./record-print-screen.ts";

/** `/app/proposals/print/:id`. */
export const PROPOSAL_PRINT_SCREEN = recordPrintScreen({
  id: "proposals/print",
  module: "proposals",
  type: "proposal",
  title: "Print proposal",
  label: "Proposal",
  filename: "proposal.pdf",
  back: { label: "Back to the proposal", to: "proposals/edit/{id}" },
});
