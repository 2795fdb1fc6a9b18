/**
 * The module catalogue names each module's icon by its lucide name, and the
 * client's icon sprite holds exactly those icons, drawn from lucide: an icon name
 * lucide lacks, or a sprite not regenerated after a catalogue change, fails here.
 */
import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { catalogueIconNames, moduleIconSprite } from "../../scripts/module-icons/sprite.ts";

Deno.test("the client's module icon sprite is the one the catalogue's icon names make", async () => {
  const committed = await Deno.readTextFile(
    new URL("../../client/shell/module-icons.svg", import.meta.url),
  );
  // Compared without whitespace: the formatter lays the committed file out.
  const bare = (svg: string) => svg.replace(/\s+/g, "");
  assertEquals(
    bare(committed),
    bare(await moduleIconSprite(catalogueIconNames())),
    "run: deno run -A scripts/module-icons/generate.ts",
  );
});

Deno.test("a name lucide does not have is refused, not drawn blank", async () => {
  await rejects(moduleIconSprite(["tool"]), /lucide has no icon of that name/);
});
