/**
 * The screens and form routes every declared record type gets: its list replaces
 * its module's screen, its form opens at its form route (`<module>/:id` unless the
 * declaration says otherwise, `new` for a new record). A few modules show a view
 * or a kind of another module's type (my tasks, lead sources); those are listed
 * here as data. A module owned by two types shows the first one declared.
 */
import { z } from "zod";
import type { RouteEntry } from "../../../schemas/descriptor/mod.ts";
import { findModule, parameterRoutes } from "../../platform/catalogue/module-definitions.ts";
import type { RecordType } from "../../records/define.ts";
import { screenOfParameterRoute } from "../routes-descriptor.ts";
import type { ScreenDef } from "./screen-def.ts";
import { type ListPreset, recordListScreen } from "./record-list-screen.ts";
import { NEW_RECORD, recordFormScreen } from "./record-form-screen.ts";
import type { RecordFormTab } from "./record-form-tab.ts";
import type { RecordFormQuickAdd } from "./record-form-quick-add.ts";
import type { RecordFormRun } from "./record-form-run.ts";
import { areas } from "../../areas/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import type { ListScreenExtras } from "./record-list-screen.ts";
import type { ListVariant } from "../../areas/define-area.ts";

/** The areas' modules whose screen is a view, or one kind, of a record type's list. */
function listVariants(): ListVariant[] {
  return areas().flatMap((area) => area.recordScreens?.lists ?? []);
}

/** What the areas keep around a module's record list, for a caller. */
function listExtras(module: string, access: MembershipAccess): ListScreenExtras | undefined {
  for (const area of areas()) {
    const found = area.recordScreens?.around?.find((a) => a.module === module);
    if (found) return found.extras(access);
  }
  return undefined;
}

/** The tabs the areas add to a record type's form, in the order of the areas. */
export function recordFormTabs(type: RecordType): RecordFormTab[] {
  return areas().flatMap((area) =>
    (area.recordScreens?.formTabs ?? []).filter((t) => t.type.id === type.id).flatMap((t) => t.tabs)
  );
}

/** The records the areas let every record's form start in a dialog, in the order of the areas. */
function recordFormQuickAdds(): RecordFormQuickAdd[] {
  return areas().flatMap((area) => area.recordScreens?.formQuickAdds ?? []);
}

/** The modules whose screen is a new record's form, in the order of the areas. */
function newForms(): { module: string; type: RecordType }[] {
  return areas().flatMap((area) => area.recordScreens?.newForms ?? []);
}

/** The calls the areas let every saved record's form run on it by a button, in the order of the areas. */
function recordFormRuns(): RecordFormRun[] {
  return areas().flatMap((area) => area.recordScreens?.formRuns ?? []);
}

const FORM_PARAMS = z.object({ id: z.string().min(1).max(64) }).strict();

/** One form of a type: its route (under /app, with `:id`), screen id and what it presets. */
interface FormPlan {
  type: RecordType;
  route: string;
  screen: string;
  module: string;
  preset?: ListPreset;
}

/**
 * The screen id of a form route: the route without its parameter, or, when that is
 * a module's own screen (the list at `<module>`), that plus `/form`.
 */
export function formScreenId(route: string): string {
  const base = screenOfParameterRoute(route);
  return findModule(base) ? `${base}/form` : base;
}

function formPlans(types: readonly RecordType[]): FormPlan[] {
  const plans: FormPlan[] = types.map((type) => {
    const route = type.declaration.form_route ?? `${type.module}/:id`;
    return { type, route, screen: formScreenId(route), module: type.module };
  });
  for (const variant of listVariants()) {
    const type = types.find((t) => t.id === variant.type.id);
    if (!type || !variant.preset) continue;
    const route = `${variant.module}/:id`;
    plans.push({
      type,
      route,
      screen: formScreenId(route),
      module: variant.module,
      preset: variant.preset,
    });
  }
  for (const plan of plans) {
    const names = [...plan.route.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
    if (names.join() !== "id" || !plan.route.endsWith("/:id")) {
      throw new Error(
        `Record type "${plan.type.id}": form route "${plan.route}" must end in /:id`,
      );
    }
  }
  return plans;
}

/** The route table entries of the record forms (a form route already listed keeps its entry). */
export function recordFormRoutes(types: readonly RecordType[]): RouteEntry[] {
  const listed = new Set(parameterRoutes().map((r) => r.path));
  return formPlans(types)
    .filter((plan) => !listed.has(plan.route))
    .map((plan) => ({
      path: `/app/${plan.route}`,
      screen: plan.screen,
      audience: "staff" as const,
      title: plan.type.declaration.label,
    }));
}

/** The list and form screens of the declared types. */
export function recordScreenDefs(types: readonly RecordType[]): ScreenDef[] {
  const defs = new Map<string, ScreenDef>();
  for (const type of types) {
    const module = findModule(type.module);
    if (defs.has(type.module) || !module) continue;
    defs.set(type.module, {
      id: type.module,
      audience: "staff",
      module: type.module,
      build: ({ access }) =>
        recordListScreen(type, access!, {
          id: type.module,
          description: module.description,
          extras: listExtras(type.module, access!),
          // A type declaring a `current` view opens its list there (projects: not in cold storage).
          view: type.declaration.list.views?.some((v) => v.id === "current")
            ? "current"
            : undefined,
        }),
    });
  }
  for (const variant of listVariants()) {
    const type = types.find((t) => t.id === variant.type.id);
    if (!type) continue;
    if (variant.view && !type.declaration.list.views?.some((v) => v.id === variant.view)) {
      throw new Error(
        `Screen "${variant.module}": record type "${type.id}" has no view "${variant.view}"`,
      );
    }
    const module = findModule(variant.module)!;
    defs.set(variant.module, {
      id: variant.module,
      audience: "staff",
      module: variant.module,
      build: ({ access }) =>
        recordListScreen(type, access!, {
          id: variant.module,
          title: module.name,
          description: module.description,
          view: variant.view,
          preset: variant.preset,
          formRoute: variant.preset ? `${variant.module}/:id` : undefined,
        }),
    });
  }
  for (const { module, type: declared } of newForms()) {
    const type = types.find((t) => t.id === declared.id);
    if (!type) continue;
    defs.set(module, {
      id: module,
      audience: "staff",
      module,
      build: ({ access }) =>
        recordFormScreen(type, access!, {
          id: module,
          recordId: NEW_RECORD,
          types,
          quickAdds: [],
          runs: [],
        }),
    });
  }
  for (const plan of formPlans(types)) {
    defs.set(plan.screen, {
      id: plan.screen,
      audience: "staff",
      module: plan.module,
      params: FORM_PARAMS,
      // One descriptor serves every saved record; a new record's differs.
      paramsKey: (params) => params.id === NEW_RECORD ? NEW_RECORD : "record",
      build: ({ access, params }) =>
        recordFormScreen(plan.type, access!, {
          id: plan.screen,
          recordId: params.id,
          types,
          preset: plan.preset,
          formRoute: plan.preset ? plan.route : undefined,
          tabs: plan.preset ? undefined : recordFormTabs(plan.type),
          quickAdds: recordFormQuickAdds(),
          runs: recordFormRuns(),
        }),
    });
  }
  return [...defs.values()];
}
