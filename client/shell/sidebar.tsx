/**
 * The left sidebar, rendered from the shell descriptor: search, favourites, recent
 * items, collapsible categories (with expand all / collapse all), the plan badge,
 * and an icon rail when collapsed. Items are already filtered by the server.
 *
 * The first render draws the categories (or rail icons) that fill the window; the
 * rest follows in a background render right after the first paint, so a page's first
 * screen does not wait on a hundred links no one can see yet (the navigation is
 * `aria-busy` until then).
 */
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { NavLink, useLocation, useNavigate } from "react-router-dom";
import type { ShellDescriptor, SidebarItem } from "../../schemas/descriptor/mod.ts";
import { Icon } from "../ui/icons.tsx";
import { ModuleIcon } from "./module-icons.tsx";
import { SidebarSearch } from "./sidebar-search.tsx";
import type { SidebarState } from "./use-sidebar-state.ts";

/**
 * Rows (a category's heading or an item) the first render draws: a window's height
 * of them, counted at the smallest row's height so that nothing shown is missing.
 */
function firstWindowRows(): number {
  return Math.ceil(globalThis.innerHeight / 28);
}

/** Props of the sidebar. */
export interface SidebarProps {
  sidebar: ShellDescriptor["sidebar"];
  state: SidebarState;
}

/** The sidebar. */
export function Sidebar({ sidebar, state }: SidebarProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => sidebar.categories.flatMap((c) => c.items), [sidebar.categories]);
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const { recordVisit } = state;
  const everything = useDeferredValue(true, false);
  const inFirstWindow = useMemo(() => {
    const rows = firstWindowRows();
    let before = 0;
    return sidebar.categories.map((category) => {
      const drawn = before < rows;
      before += 1 + category.items.length;
      return drawn;
    });
  }, [sidebar.categories]);
  // The rail scrolls, so a tooltip inside a link would be clipped: one fixed tooltip
  // follows the hovered or focused link instead.
  const [tip, setTip] = useState<{ name: string; top: number }>();
  const showTip = (name: string, link: HTMLElement) => {
    const box = link.getBoundingClientRect();
    setTip({ name, top: box.top + box.height / 2 });
  };
  const hideTip = () => setTip(undefined);

  useEffect(() => {
    const visited = items.find((item) =>
      pathname === item.path || pathname.startsWith(`${item.path}/`)
    );
    if (visited) recordVisit(visited.id);
  }, [pathname, items, recordVisit]);

  const favorites = state.favorites.map((id) => byId.get(id)).filter((i): i is SidebarItem =>
    i !== undefined
  );
  const recent = state.recent.map((id) => byId.get(id)).filter((i): i is SidebarItem =>
    i !== undefined
  )
    .slice(0, sidebar.recentShown);

  if (state.collapsed) {
    return (
      <nav
        id="sidebar"
        className="sidebar is-rail"
        aria-label="Main navigation"
        aria-busy={everything ? undefined : true}
      >
        <Brand />
        <ul className="rail-items">
          {(everything ? items : items.slice(0, firstWindowRows())).map((item) => (
            <li key={item.id}>
              <NavLink
                to={item.path}
                end
                className="rail-link"
                aria-label={item.name}
                onMouseEnter={(event) => showTip(item.name, event.currentTarget)}
                onFocus={(event) => showTip(item.name, event.currentTarget)}
                onMouseLeave={hideTip}
                onBlur={hideTip}
              >
                <ModuleIcon icon={item.icon} />
              </NavLink>
            </li>
          ))}
        </ul>
        {tip
          ? (
            <span className="rail-tooltip" aria-hidden="true" style={{ top: tip.top }}>
              {tip.name}
            </span>
          )
          : null}
      </nav>
    );
  }

  const itemProps = { favorites: state.favorites, onToggleFavorite: state.toggleFavorite };
  return (
    <nav
      id="sidebar"
      className="sidebar"
      aria-label="Main navigation"
      aria-busy={everything ? undefined : true}
    >
      <div className="sidebar-top">
        <Brand />
        <button
          type="button"
          className="icon-button sidebar-close"
          aria-label="Collapse sidebar"
          onClick={() => state.setCollapsed(true)}
        >
          <Icon name="close" size={16} />
        </button>
      </div>
      <SidebarSearch
        items={items}
        scoring={sidebar.search}
        placeholder={sidebar.searchPlaceholder}
        noResultsText={sidebar.noResultsText}
        onOpen={(item) => void navigate(item.path)}
      />
      <div className="sidebar-scroll">
        {favorites.length > 0
          ? <ItemGroup title="Favorites" items={favorites} {...itemProps} />
          : null}
        {recent.length > 0 ? <ItemGroup title="Recent" items={recent} {...itemProps} /> : null}
        <div className="sidebar-tools">
          <button
            type="button"
            className="text-button"
            onClick={() => state.setClosedCategories([])}
          >
            Expand all
          </button>
          <button
            type="button"
            className="text-button"
            onClick={() => state.setClosedCategories(sidebar.categories.map((c) => c.name))}
          >
            Collapse all
          </button>
        </div>
        {sidebar.categories.map((category, index) => {
          const open = !state.closedCategories.includes(category.name);
          if (!everything && !inFirstWindow[index]) return null;
          const listId = `sidebar-category-${category.name.toLowerCase().replace(/\W+/g, "-")}`;
          return (
            <div key={category.name} className="sidebar-category">
              <button
                type="button"
                className="category-toggle"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => state.toggleCategory(category.name)}
              >
                <span>{category.name}</span>
                <span className={`category-chevron${open ? " is-open" : ""}`}>
                  <Icon name="chevron" size={14} />
                </span>
              </button>
              <ul id={listId} className="sidebar-items" hidden={!open}>
                {category.items.map((item) => (
                  <SidebarLink key={item.id} item={item} {...itemProps} />
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      <div className="sidebar-badge">{sidebar.badge}</div>
    </nav>
  );
}

function Brand() {
  return (
    <div className="sidebar-brand">
      <span className="brand-mark" aria-hidden="true">O</span>
      <span className="brand-name">Opsuite</span>
    </div>
  );
}

interface ItemListProps {
  favorites: readonly string[];
  onToggleFavorite(id: string): void;
}

function ItemGroup(
  { title, items, ...props }: { title: string; items: SidebarItem[] } & ItemListProps,
) {
  return (
    <div className="sidebar-group">
      <h2 className="sidebar-group-title">{title}</h2>
      <ul className="sidebar-items">
        {items.map((item) => <SidebarLink key={item.id} item={item} {...props} />)}
      </ul>
    </div>
  );
}

function SidebarLink({ item, favorites, onToggleFavorite }: { item: SidebarItem } & ItemListProps) {
  const favorite = favorites.includes(item.id);
  return (
    <li className="sidebar-item">
      <NavLink to={item.path} end className="sidebar-link" title={item.description}>
        <ModuleIcon icon={item.icon} />
        <span className="sidebar-link-text">{item.name}</span>
      </NavLink>
      <button
        type="button"
        className={`star-button${favorite ? " is-favorite" : ""}`}
        aria-label={favorite
          ? `Remove ${item.name} from favorites`
          : `Add ${item.name} to favorites`}
        aria-pressed={favorite}
        onClick={() => onToggleFavorite(item.id)}
      >
        <Icon name="star" size={14} filled={favorite} />
      </button>
    </li>
  );
}
