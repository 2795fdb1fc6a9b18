/**
 * One controller per record type: the behaviour its declaration cannot say, in
 * one place, listed in its area's manifest. It checks and completes saves
 * (`beforeSave`), carries out custom actions and adds to submit and cancel
 * (`actions`), carries out an action's effects on other records (`afterAction`)
 * and says what a person should know before an action (`explainAction`). It runs
 * inside the writing transaction, and refuses by throwing an AppError (or
 * `refuse`): nothing of the write or action is stored.
 */
import type { Reader } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { RecordType } from "../define.ts";
import type { RecordRules } from "./record-rules.ts";
import type { ListRequest } from "../../../schemas/records/api.ts";

/** What an action of a controller may use: the caller, the record and the engine's create. */
export interface ActionRunContext {
  /** Reads (and locks) only: records change through the engine. */
  read: Reader;
  access: Access;
  /** The record as it is (values by field id). */
  record: Readonly<Record<string, unknown>>;
  now: string;
  /**
   * Creates a record of another type in the same transaction, with validation and
   * audit; `system` sets fields no caller may (a credit note's return marks).
   */
  create(
    type: string,
    values: Record<string, unknown>,
    system?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  /** A page of the caller's own list of a type (record-list.ts), read in the transaction. */
  list(typeId: string, request: ListRequest): Promise<{
    items: Record<string, unknown>[];
    next_cursor: string | null;
  }>;
  /** Refuses the action (409) with this reason; nothing of it is kept. */
  refuse(message: string): never;
}

/**
 * Carries out an action; values it returns are saved on the record (audited as
 * part of the change). For `submit` and `cancel` of a submittable type it runs
 * before the document status moves and may refuse by throwing.
 */
export type ActionRun = (
  ctx: ActionRunContext,
) => Promise<{ values?: Record<string, unknown> } | void>;

/** The controller of one record type. */
export interface RecordController extends Partial<RecordRules> {
  /** The type it governs. */
  type: RecordType;
  /** Its custom actions, and what it adds to submit and cancel, by action id. */
  actions?: Readonly<Record<string, ActionRun>>;
}

/** Declares the controller of a record type (typed, so a misnamed hook fails the type check). */
export function defineController(controller: RecordController): RecordController {
  return controller;
}

/**
 * Checks controllers against the types they govern, naming what is wrong: one per
 * type, of a declared type, each custom action carried out by its controller, and
 * no controller action the type does not offer.
 */
export function checkControllers(
  types: ReadonlyMap<string, RecordType>,
  controllers: readonly RecordController[],
): Map<string, RecordController> {
  const byType = new Map<string, RecordController>();
  for (const controller of controllers) {
    const id = controller.type.id;
    if (types.get(id) !== controller.type) {
      throw new Error(`A controller governs record type "${id}", which is not declared`);
    }
    if (byType.has(id)) throw new Error(`Record type "${id}" has two controllers`);
    byType.set(id, controller);
  }
  for (const type of types.values()) {
    const controller = byType.get(type.id);
    const offered = new Set(type.allActions);
    for (const custom of type.declaration.actions ?? []) {
      if (!controller?.actions?.[custom.action]) {
        throw new Error(
          `Record type "${type.id}": action "${custom.action}" has no controller action to carry it out`,
        );
      }
    }
    for (const action of Object.keys(controller?.actions ?? {})) {
      if (!offered.has(action)) {
        throw new Error(
          `Record type "${type.id}": its controller carries out "${action}", which the type does not offer`,
        );
      }
    }
  }
  return byType;
}
