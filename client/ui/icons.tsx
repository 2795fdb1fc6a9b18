/**
 * The few line icons the shell draws (24×24, stroked with the current colour by the
 * `.icon` rule of base.css, not by attributes: a page draws a few hundred of them).
 * Icons are decorative: the control that shows one carries the accessible name.
 */

const PATHS = {
  menu: "M4 6h16M4 12h16M4 18h16",
  bell: "M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0",
  calendar:
    "M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V6a2 2 0 012-2z",
  help: "M12 22a10 10 0 100-20 10 10 0 000 20zM9.1 9a3 3 0 015.8 1c0 2-3 3-3 3M12 17h.01",
  sun:
    "M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4",
  moon: "M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z",
  star: "M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z",
  chevron: "M6 9l6 6 6-6",
  search: "M11 19a8 8 0 100-16 8 8 0 000 16zM21 21l-4.3-4.3",
  close: "M18 6L6 18M6 6l12 12",
  minimize: "M5 12h14",
  send: "M22 2L11 13M22 2l-7 20-4-9-9-4z",
  chat: "M21 15a2 2 0 01-2 2H7l-4 4V5a2 2 0 012-2h14a2 2 0 012 2z",
  panel: "M3 3h18v18H3zM9 3v18",
  more: "M12 6h.01M12 12h.01M12 18h.01",
} as const;

/** The name of an icon. */
export type IconName = keyof typeof PATHS;

/** A line icon. */
export function Icon(
  { name, filled = false, size = 18 }: { name: IconName; filled?: boolean; size?: number },
) {
  return (
    <svg
      className={filled ? "icon is-filled" : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
