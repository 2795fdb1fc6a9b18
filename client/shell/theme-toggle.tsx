/** The light/dark theme switch of the header. */
import { Icon } from "../ui/icons.tsx";
import { useTheme } from "./theme.ts";

/** A button switching between the light and the dark theme. */
export function ThemeToggle() {
  const [theme, toggle] = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`Switch to ${next} theme`}
      onClick={toggle}
    >
      <Icon name={theme === "dark" ? "sun" : "moon"} />
    </button>
  );
}
