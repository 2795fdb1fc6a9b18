/**
 * The frame of public and guest pages: a slim top bar (home link, theme toggle),
 * why the last session ended when it ended on its own, and the page.
 */
import { useEffect, useState } from "react";
import { Link, Outlet } from "react-router-dom";
import { forgetSignOutNotice, readSignOutNotice } from "../api/sign-out-notice.ts";
import { ThemeToggle } from "../shell/theme-toggle.tsx";

/** The public layout. */
export function PublicLayout() {
  const [notice] = useState(readSignOutNotice);
  useEffect(forgetSignOutNotice, []);
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
        {notice ? <p className="alert tone-info sign-out-notice" role="status">{notice}</p> : null}
        <Outlet />
      </main>
    </div>
  );
}
