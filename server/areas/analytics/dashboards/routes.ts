/**
 * A dashboard's calls: the dashboard a catalogue screen shows
 * (`GET /api/dashboards/shown/{screen}`: the caller's own for that screen, else
 * one shared with them), a dashboard by id (`GET /api/dashboards/{id}`), and
 * pinning a report to one of the caller's dashboards, or to a new one
 * (`POST /api/dashboards/pin`). Everything goes through the engine, so a
 * dashboard is read and changed as its sharing and the caller's role allow, and a
 * pin is a versioned, audited change of the dashboard's cards.
 */
import { z } from "zod";
import { nameText } from "../../../../schemas/api/name-text.ts";
import type { Api } from "../../../platform/http/api.ts";
import type { RecordEngine } from "../../../records/engine/engine.ts";
import type { Access } from "../../../platform/access/access.ts";
import { forbidden, invalidInput } from "../../../platform/errors/app-error.ts";
import { mayReach } from "../../../records/engine/record-access.ts";
import { DASHBOARD, DASHBOARD_SCREENS, MAX_CARDS } from "../types/dashboard.ts";

const Card = z.object({
  /** The report's id, its name (as far as the caller may read it) and its width. */
  report: z.string(),
  title: z.string(),
  width: z.string(),
}).strict();

const DashboardView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Whether the caller owns it (may change it), or it is shared with them. */
  owned: z.boolean(),
  cards: z.array(Card),
}).strict();

const Shown = z.object({ dashboard: DashboardView.nullable() }).strict();

const Mine = z.object({
  dashboards: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
}).strict();

const PinRequest = z.object({
  report: z.string().min(1).max(64),
  /** One of the caller's dashboards… */
  dashboard: z.string().min(1).max(64).optional(),
  /** …or the name of a new one. */
  name: nameText({ max: 140, min: 1 }).optional(),
}).strict();

const PinResponse = z.object({
  dashboard: z.object({ id: z.string(), name: z.string() }).strict(),
  /** False when the report was on the dashboard already. */
  pinned: z.boolean(),
}).strict();

const SCREEN_IDS = DASHBOARD_SCREENS.map((s) => s.value) as string[];

type Data = Record<string, unknown>;

function viewOf(access: Access, record: Data): z.infer<typeof DashboardView> {
  const cards = Array.isArray(record.cards) ? record.cards as Data[] : [];
  return {
    id: String(record.id),
    name: String(record.name ?? ""),
    description: String(record.description ?? ""),
    owned: mayReach(DASHBOARD, access, record),
    cards: cards.map((card) => ({
      report: String(card.report ?? ""),
      title: String(card.report__title ?? card.report ?? ""),
      width: String(card.width ?? "narrow"),
    })),
  };
}

/** Declares the dashboards' calls. */
export function dashboardRoutes(api: Api, engine: RecordEngine): void {
  api.route({
    method: "get",
    path: "/api/dashboards/shown/:screen",
    tag: "Records: Dashboards",
    summary: "The dashboard a catalogue screen shows the caller: their own, else one shared",
    audience: "staff",
    response: Shown,
  }, async (c, { access }) => {
    const screen = c.req.param("screen")!;
    if (!SCREEN_IDS.includes(screen)) {
      const why = `Must be one of ${SCREEN_IDS.join(", ")}`;
      throw invalidInput(`screen: ${why}`, { screen: why });
    }
    const { items } = await engine.list(access, DASHBOARD.id, {
      filters: [{ field: "screen", op: "eq", value: screen }],
      sort: [{ field: "updated_at", dir: "desc" }],
      fields: ["name", "created_by"],
      limit: 50,
    });
    const chosen = items.find((d) => d.created_by === access.user.id) ?? items[0];
    if (!chosen) return c.json({ dashboard: null });
    const { record } = await engine.get(access, DASHBOARD.id, String(chosen.id));
    return c.json({ dashboard: viewOf(access, record) });
  });

  api.route({
    method: "get",
    path: "/api/dashboards/mine",
    tag: "Records: Dashboards",
    summary: "The caller's own dashboards, to pin a report to",
    audience: "staff",
    response: Mine,
  }, async (c, { access }) => {
    const { items } = await engine.list(access, DASHBOARD.id, {
      fields: ["name", "created_by"],
      sort: [{ field: "name", dir: "asc" }],
      limit: 200,
    });
    const own = items.filter((d) => d.created_by === access.user.id);
    return c.json({ dashboards: own.map((d) => ({ id: String(d.id), name: String(d.name) })) });
  });

  api.route({
    method: "get",
    path: "/api/dashboards/:id",
    tag: "Records: Dashboards",
    summary: "A dashboard's cards as the caller may see them",
    audience: "staff",
    response: DashboardView,
  }, async (c, { access }) => {
    const { record } = await engine.get(access, DASHBOARD.id, c.req.param("id")!);
    return c.json(viewOf(access, record));
  });

  api.route({
    method: "post",
    path: "/api/dashboards/pin",
    tag: "Records: Dashboards",
    summary: "Pins a report to one of the caller's dashboards, or to a new one",
    audience: "staff",
    body: PinRequest,
    response: PinResponse,
  }, async (c, { access, body }) => {
    const request = body as z.infer<typeof PinRequest>;
    if ((request.dashboard === undefined) === (request.name === undefined)) {
      const why = "Name one of your dashboards, or a name for a new one";
      throw invalidInput(why, { dashboard: why });
    }
    const card = { report: request.report, width: "narrow" };
    if (request.name !== undefined) {
      const made = await engine.create(access, DASHBOARD.id, {
        name: request.name,
        cards: [card],
      });
      return c.json({ dashboard: { id: String(made.id), name: request.name }, pinned: true }, 201);
    }
    const { record } = await engine.get(access, DASHBOARD.id, request.dashboard!);
    const cards = (Array.isArray(record.cards) ? record.cards as Data[] : [])
      .map((row) => ({ id: row.id, report: row.report, width: row.width }));
    const dashboard = { id: String(record.id), name: String(record.name) };
    if (!mayReach(DASHBOARD, access, record)) {
      throw forbidden("Only its owner changes this dashboard: pin to one of your own");
    }
    if (cards.some((row) => row.report === request.report)) {
      return c.json({ dashboard, pinned: false });
    }
    if (cards.length >= MAX_CARDS) {
      const why = `A dashboard holds at most ${MAX_CARDS} cards`;
      throw invalidInput(why, { dashboard: why });
    }
    await engine.update(access, DASHBOARD.id, dashboard.id, Number(record.version), {
      cards: [...cards, card],
    });
    return c.json({ dashboard, pinned: true });
  });
}
