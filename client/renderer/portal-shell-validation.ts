/** Validates the client portal's shell descriptor (loaded lazily with the portal's frame). */
import type { PortalShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { portalShellValidator } from "./portal-shell-validator.ts";
import { checkShellWith } from "./validate-any-shell.ts";

/** Validates the portal's shell; throws DescriptorError when it is not a valid portal shell. */
export function checkPortalShell(value: unknown): PortalShellDescriptor {
  return checkShellWith(portalShellValidator, value) as PortalShellDescriptor;
}
