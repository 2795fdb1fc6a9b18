/**
 * Where the nodes of a screen body sit, as JSON pointers (`/body/children/0`), and
 * which nodes a validation failure belongs to. A node's own errors are told apart
 * from its descendants' by taking, for each error, the deepest node on its path.
 */

/** The pointer of the screen body. */
export const BODY_POINTER = "/body";

/**
 * The pointer of the deepest node that contains `instancePath`, or undefined when
 * the path lies outside the body.
 */
export function deepestNodeOf(
  instancePath: string,
  bodyPointer: string = BODY_POINTER,
): string | undefined {
  if (instancePath !== bodyPointer && !instancePath.startsWith(`${bodyPointer}/`)) return undefined;
  const steps = instancePath.slice(bodyPointer.length).split("/").slice(1);
  let node = bodyPointer;
  let i = 0;
  while (i < steps.length) {
    if (steps[i] === "children" && isIndex(steps[i + 1])) {
      node = `${node}/children/${steps[i + 1]}`;
      i += 2;
    } else if (
      steps[i] === "tabs" && isIndex(steps[i + 1]) && steps[i + 2] === "children" &&
      isIndex(steps[i + 3])
    ) {
      node = `${node}/tabs/${steps[i + 1]}/children/${steps[i + 3]}`;
      i += 4;
    } else {
      break;
    }
  }
  return node;
}

function isIndex(step: string | undefined): boolean {
  return step !== undefined && /^\d+$/.test(step);
}

/** Of the given node pointers, those with no other given pointer beneath them. */
export function deepestOnly(pointers: Iterable<string>): string[] {
  const all = [...new Set(pointers)];
  return all.filter((p) => !all.some((q) => q !== p && q.startsWith(`${p}/`)));
}

/** Replaces the value at a JSON pointer inside `root` (mutates). */
export function replaceAt(root: unknown, pointer: string, value: unknown): void {
  const steps = pointer.split("/").slice(1);
  const last = steps.pop();
  let parent: unknown = root;
  for (const step of steps) parent = (parent as Record<string, unknown>)[step];
  if (last !== undefined && typeof parent === "object" && parent !== null) {
    (parent as Record<string, unknown>)[last] = value;
  }
}
