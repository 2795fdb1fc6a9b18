// The remembered theme (or the system's) before the first paint; a file because the CSP forbids inline scripts.
try {
  const t = localStorage.getItem("theme");
  document.documentElement.dataset.theme = t === "light" || t === "dark"
    ? t
    : matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
} catch (_) {
  document.documentElement.dataset.theme = "light";
}
