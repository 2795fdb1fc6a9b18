/**
 * The pipeline stages every organisation starts with: the codes leads already
 * store, in board order, with the chance a lead in each is won (what the board
 * weighs a column's value by). Organisations change probabilities, labels and the
 * fields a stage requires afterwards; nothing here is read again once they exist.
 */

/** How a stage ends a lead's journey: still open, won or lost. */
export type StageKind = "open" | "won" | "lost";

/** One default stage. */
export interface DefaultLeadStage {
  code: string;
  label: string;
  tone: "neutral" | "info" | "success" | "warning" | "danger";
  /** Chance of winning a lead in this stage, 0 to 100. */
  probability: number;
  kind: StageKind;
}

/**
 * The defaults, in board order. The row at index i gets the id
 * `lst_<organisation id>_<i + 1>` and position i + 1, so the rows migration 029
 * gave existing organisations and those registration gives new ones agree.
 * Append only.
 */
export const DEFAULT_LEAD_STAGES: readonly DefaultLeadStage[] = [
  { code: "new", label: "New", tone: "info", probability: 10, kind: "open" },
  { code: "contacted", label: "Contacted", tone: "info", probability: 20, kind: "open" },
  { code: "qualified", label: "Qualified", tone: "warning", probability: 40, kind: "open" },
  { code: "proposal", label: "Proposal sent", tone: "warning", probability: 60, kind: "open" },
  { code: "won", label: "Won", tone: "success", probability: 100, kind: "won" },
  { code: "lost", label: "Lost", tone: "danger", probability: 0, kind: "lost" },
];
