/**
 * The record engine over a database with every area's controllers, change
 * observers (signing's among them) and timeline sources: the one the app serves, and the one a background runner (the
 * automation queue's) writes through, so both enforce and follow the same rules.
 */
import type { Database } from "../db/database.ts";
import { recordTypes } from "../records/catalogue.ts";
import type { RecordType } from "../records/define.ts";
import type { RecordController } from "../records/engine/controller.ts";
import { RecordEngine } from "../records/engine/engine.ts";
import { signingObserver } from "../records/signing/mod.ts";
import { areas } from "./mod.ts";

/** Builds the engine; tests may pass their own types and extra controllers. */
export function areaEngine(
  db: Database,
  options: {
    clock?: () => number;
    publicUrl: string;
    recordTypes?: readonly RecordType[];
    controllers?: readonly RecordController[];
  },
): RecordEngine {
  const types = options.recordTypes ?? recordTypes();
  const byId = new Map(types.map((t) => [t.id, t]));
  return new RecordEngine(db, types, options.clock ?? Date.now, {
    publicUrl: options.publicUrl,
    controllers: [
      ...areas().flatMap((area) => area.controllers ?? []),
      ...(options.controllers ?? []),
    ],
    observers: [
      ...areas().flatMap((area) => (area.observers ?? []).map((make) => make(byId))),
      signingObserver(areas().flatMap((area) => area.signing ?? []), {
        publicUrl: options.publicUrl,
      }),
    ],
    workflows: areas().find((area) => area.workflows)?.workflows,
    timelines: areas().flatMap((area) => area.timelines ?? []),
  });
}
