/** The public pages of spec §2: path, screen id and title. */
export const PUBLIC_PAGES: readonly { path: string; screen: string; title: string }[] = [
  { path: "/", screen: "landing", title: "Opsuite — run your firm in one place" },
  { path: "/about", screen: "about", title: "About" },
  { path: "/schedule-demo", screen: "schedule-demo", title: "Schedule a Demo" },
  { path: "/contact", screen: "contact", title: "Contact" },
  { path: "/blog", screen: "blog", title: "Blog" },
  { path: "/help", screen: "help", title: "Help Center" },
  { path: "/docs", screen: "docs", title: "Documentation" },
  { path: "/pricing", screen: "pricing", title: "Pricing" },
  { path: "/features", screen: "features", title: "Features" },
  { path: "/api", screen: "api", title: "API Reference" },
  { path: "/status", screen: "status", title: "System Status" },
  { path: "/security", screen: "security", title: "Security" },
  { path: "/integrations", screen: "integrations", title: "Integrations" },
  // Public rather than guest: an administrator passing a reset link on may open it.
  { path: "/reset-password", screen: "reset-password", title: "Choose a new password" },
  // A signing link: whoever holds it, signed in or not, reviews and signs.
  { path: "/sign/:token", screen: "sign", title: "Sign a document" },
  {
    path: "/blog/advanced-analytics-dashboard",
    screen: "blog/advanced-analytics-dashboard",
    title: "Advanced Analytics Dashboard",
  },
  {
    path: "/blog/financial-planning-tips",
    screen: "blog/financial-planning-tips",
    title: "Financial Planning Tips",
  },
  {
    path: "/blog/automated-invoicing",
    screen: "blog/automated-invoicing",
    title: "Automated Invoicing",
  },
  {
    path: "/blog/understanding-tax-compliance",
    screen: "blog/understanding-tax-compliance",
    title: "Understanding Tax Compliance",
  },
];

/** Sign-in and registration pages (only for visitors who are not signed in). */
export const GUEST_PAGES: readonly { path: string; screen: string; title: string }[] = [
  { path: "/login", screen: "login", title: "Sign in" },
  { path: "/register", screen: "register", title: "Create your account" },
  { path: "/client-portal", screen: "client-portal", title: "Client Portal" },
  { path: "/accept-invitation", screen: "accept-invitation", title: "Accept invitation" },
  { path: "/forgot-password", screen: "forgot-password", title: "Forgot password" },
];

/** The client portal's pages (portal users only). */
export const PORTAL_PAGES: readonly { path: string; screen: string; title: string }[] = [
  { path: "/client-portal/dashboard", screen: "client-portal/dashboard", title: "Client Portal" },
  {
    path: "/client-portal/projects/:id",
    screen: "client-portal/projects",
    title: "Project progress",
  },
  { path: "/client-portal/invoices", screen: "client-portal/invoices", title: "Invoices" },
  { path: "/client-portal/proposals", screen: "client-portal/proposals", title: "Proposals" },
  {
    path: "/client-portal/proposals/:id",
    screen: "client-portal/proposal",
    title: "Proposal",
  },
  { path: "/client-portal/messages", screen: "client-portal/messages", title: "Messages" },
  { path: "/client-portal/profile", screen: "client-portal/profile", title: "Profile" },
  { path: "/client-portal/help", screen: "client-portal/help", title: "Help" },
];
