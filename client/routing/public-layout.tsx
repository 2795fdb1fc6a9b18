/** The frame of public and guest pages: a slim top bar (home link, theme toggle) and the page. */
import { Link, Outlet } from "react-router-dom";
import { ThemeToggle } from "../shell/theme-toggle.tsx";

/** The public layout. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="public-header">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">O</span>
          <span className="brand-name">Opsuite</span>
        </Link>
        <ThemeToggle />
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
