/**
 * The validator of the client portal's shell descriptor, apart from the staff
 * shell's so that each bundle carries only the one it uses. Compiled with ajv here;
 * precompiled in the production build (see build/validators-plugin.ts).
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import portalShellSchema from "../../schemas/generated/portal-shell.schema.json" with {
  type: "json",
};
import { compileValidators } from "./compile-validators.ts";

/** Validates the portal's shell descriptor. */
export const portalShellValidator: ValidateFunction = compileValidators(
  "portal-shell-validator.ts",
  { "portal-shell.schema.json": portalShellSchema },
).portalShellValidator;
