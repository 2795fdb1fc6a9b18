/**
 * The tabs modules add to record types' form screens, by record type id. To add a
 * tab: write a function in the module returning its widgets and sources
 * (`FormTabContent`), then add one entry here with the permission it needs.
 */
import type { RecordFormTab } from "./record-form-tab.ts";

/** Record type id → the tabs added to its form, in order. */
export const RECORD_FORM_TABS: Readonly<Record<string, readonly RecordFormTab[]>> = {};
