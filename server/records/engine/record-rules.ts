/**
 * The rules of a record type's controller (controller.ts), run by the engine
 * inside the writing transaction: checks and effects that read other records or
 * change them (a payment's invoices, a budget's remainder) and so cannot live in
 * the declaration, which is data. A rule reads through `read` (reads and locks
 * only) and changes records only through the engine's operations it is given,
 * so every change is versioned, audited and announced. A rule refuses by
 * throwing an AppError: nothing of the write or action is stored.
 */
import type { Reader } from "../../db/database.ts";
import type { Access } from "../../platform/access/access.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "./record-rows.ts";
import type { ValidatedRecord } from "./validate-record.ts";
import type { SystemFieldsAudit, SystemFieldsResult, SystemValues } from "./system-fields.ts";

/** A create or update about to be stored. */
export interface SaveContext {
  read: Reader;
  access: Access;
  type: RecordType;
  /** The stored record on update; absent on create. */
  existing?: RecordData;
  /** What validation made of the input: a rule may add to `children` and `columns`. */
  checked: ValidatedRecord;
  now: string;
}

/** A record about to be deleted (read under its lock). */
export interface DeleteContext {
  read: Reader;
  access: Access;
  type: RecordType;
  record: RecordData;
}

/** An action that has just changed a record (its new state is stored). */
export interface ActionContext {
  read: Reader;
  access: Access;
  type: RecordType;
  action: string;
  /** What the person sent with it: a comment, their typed signature, the optional rows they picked. */
  input: { comment?: string; signature_name?: string; choices?: readonly string[] };
  /** The record before the action. */
  before: RecordData;
  /** The record after it. */
  record: RecordData;
  now: string;
  /**
   * Saves values on the record now, through the engine (versioned, audited as part
   * of the action, announced), so that what the controller reads next sees them;
   * a table field's rows are checked as the type declares them. Returns the record.
   */
  update(values: Record<string, unknown>): Promise<RecordData>;
  /**
   * Sets figures on another record of the organisation (an invoice's balance moved
   * by a payment), computed from its stored values under its lock: versioned,
   * stamped with the caller, audited under `audit.action` and announced.
   */
  setSystemFields(
    type: string,
    id: string,
    values: SystemValues,
    audit: SystemFieldsAudit,
  ): Promise<SystemFieldsResult>;
  /**
   * Creates a record of another type as a staff member of the organisation (the
   * record's owner), validated and audited under this action, in the same
   * transaction: what an action makes on the firm's behalf when its taker could not
   * (a client accepting a proposal starts its project).
   */
  createAs(
    userId: string,
    type: string,
    values: Record<string, unknown>,
    system?: Record<string, unknown>,
  ): Promise<RecordData>;
}

/** A record an action is about to be offered on, read outside any write. */
export interface ExplainContext {
  read: Reader;
  access: Access;
  type: RecordType;
  action: string;
  record: RecordData;
}

/** What a person should know before taking an action (see `RecordRules.explainAction`). */
export interface ActionExplanation {
  /** Why the action would be refused now, and where to go to clear the way. */
  blocked?: { reason: string; links?: { label: string; path: string }[] };
  /** The question to ask instead of the action's own (what the action will do). */
  confirm?: string;
}

/**
 * What a module adds to one record type. `decides` names every write of the type
 * where the rules read other records to decide (`save` for creates and updates,
 * else the action's id): each is a decision point that must give the outcome of
 * the writes run one after another when many arrive at once, on both databases.
 * The race harness (tests/contract/race-harness.test.ts) lists the decision
 * points of every type and fails on one that no race scenario covers.
 */
export interface RecordRules {
  /** The saves (`save`) and actions whose rules read other records to decide. */
  decides: readonly string[];
  /** Checks (and may complete) a create or update before it is stored. */
  beforeSave?(ctx: SaveContext): Promise<void>;
  /**
   * Checks a delete before it happens: refuses (throwing) one that would leave
   * other records holding what it removes (a stage leads are in).
   */
  beforeDelete?(ctx: DeleteContext): Promise<void>;
  /** Carries out an action's effects; values returned are saved on the record with it. */
  afterAction?(ctx: ActionContext): Promise<Record<string, unknown> | void>;
  /**
   * What a person should know before taking an action on the record now, said in
   * its confirmation: why it would be refused (and where to go to clear the way),
   * or what it will do. Read only; the action's own rules still decide.
   */
  explainAction?(ctx: ExplainContext): Promise<ActionExplanation | undefined>;
}
