/** Every race scenario the harness runs. */
import type { RaceScenario } from "./race-scenario.ts";
import { MONEY_RACES } from "./money-races.ts";
import { RECORD_RACES } from "./record-races.ts";
import { CALL_RACES } from "./approval-races.ts";
import { BULK_UNDO_RACES } from "./bulk-undo-races.ts";
import { LINK_RACES } from "./link-races.ts";
import { AUTOMATION_RACES } from "./automation-races.ts";
import { ASSIGNMENT_RACES } from "./assignment-races.ts";

/** Every race scenario. */
export const RACES: readonly RaceScenario<never>[] = [
  ...MONEY_RACES,
  ...RECORD_RACES,
  ...AUTOMATION_RACES,
  ...CALL_RACES,
  ...BULK_UNDO_RACES,
  ...LINK_RACES,
  ...ASSIGNMENT_RACES,
];
