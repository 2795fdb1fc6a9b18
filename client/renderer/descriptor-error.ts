/** The error of a descriptor that fails its JSON Schema outside any widget node. */
export class DescriptorError extends Error {
  constructor(what: string, problems: string[]) {
    super(`Cannot load ${what}: descriptor is invalid (${problems.slice(0, 5).join("; ")})`);
    this.name = "DescriptorError";
  }
}
