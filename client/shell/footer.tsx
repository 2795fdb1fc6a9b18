/** The footer: copyright, the product website, the support mail link and the version. */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { isSafeHref } from "../renderer/safe-href.ts";

/** The footer. */
export function Footer({ footer }: { footer: ShellDescriptor["footer"] }) {
  return (
    <footer className="footer">
      <span>{footer.copyright}</span>
      <nav aria-label="Footer" className="footer-links">
        {isSafeHref(footer.website.href)
          ? (
            <a href={footer.website.href} target="_blank" rel="noopener noreferrer">
              {footer.website.label}
            </a>
          )
          : null}
        {isSafeHref(footer.support.href)
          ? <a href={footer.support.href}>{footer.support.label}</a>
          : null}
      </nav>
      <span className="footer-version">{footer.version}</span>
    </footer>
  );
}
