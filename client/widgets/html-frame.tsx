/**
 * HTML from a source shown inert (a rendered email's body): in a frame whose
 * sandbox allows nothing — no scripts, forms, pop-ups, navigation of the page or
 * access to the app's origin — and whose content policy loads nothing from the
 * network (images only from data: addresses), so a value a person typed can
 * neither run nor call home. The HTML itself is never put into the app's page.
 */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { valueAt } from "../renderer/value-path.ts";

/** The policy the frame's document runs under: its own inline styles, data images, nothing else. */
const POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** The frame's document: the HTML after a head that fixes the policy and a readable base style. */
export function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${POLICY}">` +
    `<style>body{font:14px/1.5 system-ui,sans-serif;margin:16px;color:#161b2b;background:#fff;overflow-wrap:anywhere}</style>` +
    `</head><body>${html}</body></html>`;
}

/** An HTML frame. */
export function HtmlFrame({ node }: WidgetProps<NodeOf<"html-frame">>) {
  const runtime = useScreenRuntime();
  const value = valueAt(runtime.sources[node.source]?.value, node.path);
  if (typeof value !== "string" || value.trim() === "") {
    return <p className="text text-muted">{node.emptyText ?? "Nothing to show"}</p>;
  }
  return (
    <iframe
      className="html-frame"
      title={node.title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={frameDocument(value)}
      style={{ height: node.height ?? 360 }}
    />
  );
}
