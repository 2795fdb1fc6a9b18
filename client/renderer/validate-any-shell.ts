/**
 * The check every shell descriptor gets, staff or portal: its validator, then the
 * actions of its user menu with the screens' action validator, already loaded.
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { DescriptorError } from "./descriptor-error.ts";
import { describe } from "./descriptor-validation.ts";
import { actionValidator } from "./descriptor-validators.ts";

/** Validates a shell with `validator` and its user menu's actions; throws when invalid. */
export function checkShellWith(validator: ValidateFunction, value: unknown): unknown {
  const errors: ErrorObject[] = [];
  if (!validator(value)) errors.push(...(validator.errors ?? []));
  const entries = (value as { header?: { userMenu?: { action?: unknown }[] } } | null)?.header
    ?.userMenu;
  (Array.isArray(entries) ? entries : []).forEach((entry, i) => {
    const context = {
      instancePath: `/header/userMenu/${i}/action`,
      parentData: {},
      parentDataProperty: "",
      dynamicAnchors: {},
      rootData: value as object,
    };
    if (!actionValidator(entry?.action, context)) errors.push(...(actionValidator.errors ?? []));
  });
  if (errors.length > 0) throw new DescriptorError("shell", errors.map((e) => describe(e)));
  return value;
}
