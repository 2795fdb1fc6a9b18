/** Writes client/shell/module-icons.svg from the catalogue's icon names. */
import { catalogueIconNames, moduleIconSprite } from "./sprite.ts";

const target = new URL("../../client/shell/module-icons.svg", import.meta.url);
await Deno.writeTextFile(target, await moduleIconSprite(catalogueIconNames()));
// The repository's formatter also formats SVG; the file is kept as it leaves it.
await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", target.pathname] }).output();
console.log("wrote client/shell/module-icons.svg");
