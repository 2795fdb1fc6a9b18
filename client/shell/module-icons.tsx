/**
 * A module's icon, by the lucide name the shell descriptor gives. The icons the
 * catalogue uses are drawn from lucide into one sprite (module-icons.svg, made by
 * scripts/module-icons/generate.ts), so they load as one cached image rather than
 * as JavaScript, stroked by the `.icon` rule of base.css. Icons are decorative: the
 * link showing one carries the name.
 */

/** The sprite's address; the build gives it a content hash. */
const SPRITE = new URL("./module-icons.svg", import.meta.url).href;

/** A module's icon. */
export function ModuleIcon({ icon }: { icon: string }) {
  return (
    <span className="module-glyph" aria-hidden="true">
      <svg className="icon" width={16} height={16}>
        <use href={`${SPRITE}#${encodeURIComponent(icon)}`} />
      </svg>
    </span>
  );
}
