/** Writes client/shell/module-icons.svg from the catalogue's icon names. */
import { catalogueIconNames, moduleIconSprite } from "./sprite.ts";

const target = new URL("../../client/shell/module-icons.svg", import.meta.url);
await Deno.writeTextFile(target, await moduleIconSprite(catalogueIconNames()));
console.log("wrote client/shell/module-icons.svg");
