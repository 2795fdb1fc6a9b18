/**
 * The nodes of a screen body: a node's children and its tabs' children, with their
 * JSON pointers (`/body/children/0`), and the widget types a body uses. One walk for
 * the client's validation and widget loading and for the server, which notes each
 * screen's widgets to preload them with the page.
 */

/** The pointers of the child nodes of the node at `pointer`, with the nodes. */
export function childNodes(node: unknown, pointer: string): [string, unknown][] {
  if (typeof node !== "object" || node === null) return [];
  const record = node as Record<string, unknown>;
  const children: [string, unknown][] = [];
  if (Array.isArray(record.children)) {
    record.children.forEach((child, i) => children.push([`${pointer}/children/${i}`, child]));
  }
  if (Array.isArray(record.tabs)) {
    record.tabs.forEach((tab, t) => {
      const tabChildren = (tab as Record<string, unknown> | null)?.children;
      if (Array.isArray(tabChildren)) {
        tabChildren.forEach((child, i) =>
          children.push([`${pointer}/tabs/${t}/children/${i}`, child])
        );
      }
    });
  }
  return children;
}

/** The widget types a screen body uses (its nodes and theirs). */
export function widgetTypesOf(body: unknown): Set<string> {
  const types = new Set<string>();
  (function walk(node: unknown, pointer: string): void {
    const type = (node as { type?: unknown } | null)?.type;
    if (typeof type === "string") types.add(type);
    for (const [childPointer, child] of childNodes(node, pointer)) walk(child, childPointer);
  })(body, "/body");
  return types;
}
