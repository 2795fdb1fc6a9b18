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
import type { ScreenDef } from "../ui/screens/screen-def.ts";
import type { PeriodicCheck } from "../platform/jobs/periodic-check.ts";

/** What an area's calls are registered with. */
export interface AreaContext {
  app: Hono<AppEnv>;
  api: Api;
  db: Database;
  records: RecordEngine;
  clock: () => number;
  config: Config;
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
  /** Its behaviour on the engine's writes, beyond what the declarations say. */
  rules?: (records: RecordEngine) => void;
  /** Its hand-written calls. */
  routes?: (ctx: AreaContext) => void;
  /** Its screens, beyond the generated record screens and module pages. */
  screens?: readonly ScreenDef[];
  /** Its periodic checks (overdue invoices, compliance due dates), started by `main.ts`. */
  checks?: readonly ((db: Database) => PeriodicCheck)[];
}

/** Declares an area (typed, so a manifest missing a part fails the type check). */
export function defineArea(area: Area): Area {
  return area;
}
