/**
 * What a business area is: one folder, `server/areas/<area>/`, with one manifest,
 * `area.ts`, calling `defineArea({...})`. The server, the module and permission
 * catalogues, the record catalogue, the screen registry and the periodic checks all
 * iterate the list of areas (`mod.ts`); none keeps a list of its own.
 */
import type { Hono } from "hono";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { AppEnv } from "../platform/http/app-env.ts";
import type { Api } from "../platform/http/api.ts";
import type { ModuleRow } from "../platform/catalogue/module-definitions.ts";
import type { RecordType } from "../records/define.ts";
import type { RecordEngine } from "../records/engine/engine.ts";
import type { ChangeObserver } from "../records/engine/record-changes.ts";
import type { TimelineSource } from "../records/engine/timeline-sources.ts";
import type { RecordController } from "../records/engine/controller.ts";
import type { ScreenDef } from "../ui/screens/screen-def.ts";
import type { ListPreset, ListScreenExtras } from "../ui/screens/record-list-screen.ts";
import type { RecordFormTab } from "../ui/screens/record-form-tab.ts";
import type { RecordFormQuickAdd } from "../ui/screens/record-form-quick-add.ts";
import type { RecordFormRun } from "../ui/screens/record-form-run.ts";
import type { MembershipAccess } from "../platform/access/access.ts";
import type { PeriodicCheck } from "../platform/jobs/periodic-check.ts";
import type { DemoSeedStep } from "../db/seed/seed-steps.ts";
import type { WorkflowSource } from "../records/engine/edited-workflows.ts";
import type { RecordPrinter } from "../platform/printing/record-printer.ts";
import type { Signable } from "../records/signing/signable.ts";

/** What an area's calls are registered with. */
export interface AreaContext {
  app: Hono<AppEnv>;
  api: Api;
  db: Database;
  records: RecordEngine;
  clock: () => number;
  config: Config;
}

/** A module whose screen is a declared view, or one kind, of a record type's list. */
export interface ListVariant {
  /** The module (and screen) id. */
  module: string;
  type: RecordType;
  view?: string;
  /** Confines the list and starts new records with this value; such a list has its own form route. */
  preset?: ListPreset;
}

/** What an area adds to the generated record screens. */
export interface RecordScreenExtras {
  /** Its modules whose screen is a view, or one kind, of a record type. */
  lists?: readonly ListVariant[];
  /** What a module's list screen keeps around its record list, for a caller. */
  around?: readonly {
    module: string;
    extras: (access: MembershipAccess) => ListScreenExtras;
  }[];
  /** Its modules whose screen is a new record's form of a type (`proposals/new`). */
  newForms?: readonly { module: string; type: RecordType }[];
  /** Tabs it adds to a record type's form (the type may be another area's), in order. */
  formTabs?: readonly { type: RecordType; tabs: readonly RecordFormTab[] }[];
  /** Records of its types that every record's form starts in a small dialog (Remind me). */
  formQuickAdds?: readonly RecordFormQuickAdd[];
  /** Calls every saved record's form runs on it by a button (a rule run by hand). */
  formRuns?: readonly RecordFormRun[];
}

/** One business area. */
export interface Area {
  /** The folder's name: `server/areas/<id>/`. */
  id: string;
  /** The area in the firm's words. */
  name: string;
  /** Its catalogue modules (sidebar items, their permissions and the API paths they own). */
  modules: readonly ModuleRow[];
  /** Its record types. */
  types: readonly RecordType[];
  /** One controller per type that needs behaviour its declaration cannot say. */
  controllers?: readonly RecordController[];
  /** How its record types that print are printed (their printable page, PDF and signing). */
  printers?: readonly RecordPrinter[];
  /** Its record types that are signed (each also prints): their signature requests. */
  signing?: readonly Signable[];
  /** Its hand-written calls. */
  routes?: (ctx: AreaContext) => void;
  /** Its screens, beyond the generated record screens and module pages. */
  screens?: readonly ScreenDef[];
  /** What it adds to the generated record screens. */
  recordScreens?: RecordScreenExtras;
  /** What follows every record change inside its transaction (the automation queue). */
  observers?: readonly ((types: ReadonlyMap<string, RecordType>) => ChangeObserver)[];
  /** Where the engine finds organisations' edited workflows (one area keeps them: automation). */
  workflows?: WorkflowSource;
  /** What it adds to every record's timeline (the runs of rules on it). */
  timelines?: readonly TimelineSource[];
  /** Its periodic checks (overdue invoices, compliance due dates), started by `main.ts`. */
  checks?: readonly ((db: Database, config: Config) => PeriodicCheck)[];
  /** What it adds to the demo seed after the shared base, each step after what it reads. */
  seed?: readonly DemoSeedStep[];
}

/** Declares an area (typed, so a manifest missing a part fails the type check). */
export function defineArea(area: Area): Area {
  return area;
}
