/**
 * Every record type belongs to a catalogue module: its switch guards the type's
 * API and its permissions are `<module>.<action>`. A type naming a module no
 * area declares would get no permissions and no screen, so the engine refuses to
 * start with it, naming the type and the module.
 */
import { moduleDefinitions } from "../../platform/catalogue/module-definitions.ts";
import type { RecordType } from "../define.ts";

/** Throws, naming both, when a type's module is not in the catalogue. */
export function checkTypeModules(types: Iterable<RecordType>): void {
  const known = new Set(moduleDefinitions().map((m) => m.id));
  for (const type of types) {
    if (!known.has(type.module)) {
      throw new Error(
        `Record type "${type.id}" belongs to module "${type.module}", which no area declares (add it to the modules of its area, server/areas/<area>/)`,
      );
    }
  }
}
