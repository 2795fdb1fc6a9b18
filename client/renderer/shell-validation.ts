/**
 * Validates the staff shell descriptor (loaded lazily with the shell).
 */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { checkShellWith } from "./validate-any-shell.ts";
import { shellValidator } from "./shell-validator.ts";

/** Validates the staff shell; throws DescriptorError when it is invalid. */
export function checkShell(value: unknown): ShellDescriptor {
  return checkShellWith(shellValidator, value) as ShellDescriptor;
}
