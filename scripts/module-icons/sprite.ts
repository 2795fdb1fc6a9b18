/**
 * The module icon sprite: one SVG of `<symbol>`s, one per lucide icon the module
 * catalogue names, drawn from lucide-react's own icon data. The client shows an
 * icon with `<use href="…#name">`, so the icons cost one cached image instead of
 * JavaScript on every page.
 */
import { moduleDefinitions } from "../../server/platform/catalogue/module-definitions.ts";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The lucide names the catalogue uses, sorted. */
export function catalogueIconNames(): string[] {
  return [...new Set(moduleDefinitions().map((m) => m.icon))].sort();
}

function escapeAttribute(value: string | number): string {
  return String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

async function iconNode(name: string): Promise<IconNode> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Cannot draw icon "${name}": not a lucide name`);
  const file = new URL(
    `../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`,
    import.meta.url,
  );
  const icon = await import(file.href).catch(() => undefined);
  if (!icon?.__iconData || icon.__iconData.name !== name) {
    throw new Error(`Cannot draw icon "${name}": lucide has no icon of that name`);
  }
  return icon.__iconData.node;
}

/** The sprite's text for the given lucide icon names. */
export async function moduleIconSprite(names: readonly string[]): Promise<string> {
  const symbols: string[] = [];
  for (const name of names) {
    const shapes = (await iconNode(name)).map(([tag, attributes]) => {
      const attrs = Object.entries(attributes).filter(([key]) => key !== "key")
        .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join("");
      return `<${tag}${attrs}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}
