/**
 * Validates the shell descriptor (loaded lazily with the shell). The actions of its
 * user menu are checked by the screens' action validator, already loaded.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import type { PortalShellDescriptor, ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { DescriptorError } from "./descriptor-error.ts";
import { describe } from "./descriptor-validation.ts";
import { actionValidator } from "./descriptor-validators.ts";
import { shellValidator } from "./shell-validator.ts";

/** Validates the shell; throws DescriptorError when it is invalid. */
export function checkShell(value: unknown): ShellDescriptor {
  const errors: ErrorObject[] = [];
  if (!shellValidator(value)) errors.push(...(shellValidator.errors ?? []));
  const entries = (value as ShellDescriptor | null)?.header?.userMenu;
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
  return value as ShellDescriptor;
}

/** Validates the portal's shell; throws DescriptorError when it is not a valid portal shell. */
export function checkPortalShell(value: unknown): PortalShellDescriptor {
  const shell = checkShell(value) as unknown as { audience: string };
  if (shell.audience !== "portal") {
    throw new DescriptorError("shell", [`/audience: must be "portal", not "${shell.audience}"`]);
  }
  return value as PortalShellDescriptor;
}
