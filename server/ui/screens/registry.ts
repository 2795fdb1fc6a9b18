/**
 * Every screen id of the route table and how it is built: the shell's own screens
 * and each area's (listed in its manifest). Record types' list and form screens
 * are generated from their declarations; staff module screens without a dedicated
 * builder get the generic module screen; parameterised routes get their owner
 * module's guard and accept their params.
 */
import { z } from "zod";
import {
  findModule,
  moduleDefinitions,
  parameterRoutes,
} from "../../platform/catalogue/module-definitions.ts";
import { screenOfParameterRoute } from "../routes-descriptor.ts";
import { PUBLIC_CONTENT_SCREENS } from "./public-content.ts";
import { PUBLIC_FORM_SCREENS } from "./public-forms.ts";
import { PASSWORD_RESET_SCREENS } from "./password-reset.ts";
import { SIGNING_PAGE } from "./signing-page.ts";
import { catchAll, moduleScreen } from "./staff-misc.ts";
import { areas } from "../../areas/mod.ts";
import type { ScreenDef } from "./screen-def.ts";
import { recordScreenDefs } from "./record-screens.ts";
import type { RecordType } from "../../records/define.ts";
import { recordTypes } from "../../records/catalogue.ts";

/** Screen id → definition, for the product with these record types. */
export function buildScreenRegistry(types: readonly RecordType[]): Map<string, ScreenDef> {
  const screens = new Map<string, ScreenDef>();
  const areaScreens = areas().flatMap((area) => area.screens ?? []);
  for (
    const def of [
      ...PUBLIC_CONTENT_SCREENS,
      ...PUBLIC_FORM_SCREENS,
      ...PASSWORD_RESET_SCREENS,
      SIGNING_PAGE,
      ...areaScreens,
      catchAll,
      ...recordScreenDefs(types),
    ]
  ) {
    screens.set(def.id, def);
  }
  // An area's own screen for a record's list or form (a saved report opens in the builder) wins.
  for (const def of areaScreens) screens.set(def.id, def);
  for (const module of moduleDefinitions()) {
    if (screens.has(module.id)) continue;
    screens.set(module.id, {
      id: module.id,
      audience: "staff",
      module: module.id,
      build: (ctx) => moduleScreen(module, ctx),
    });
  }
  for (const route of parameterRoutes()) {
    const id = screenOfParameterRoute(route.path);
    const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
    const existing = screens.get(id);
    if (existing?.params) continue;
    if (existing) {
      // The module's own screen also answers with the parameter, which stays optional.
      screens.set(id, {
        ...existing,
        params: z.object(
          Object.fromEntries(names.map((n) => [n, z.string().min(1).max(100).optional()])),
        ).strict(),
      });
      continue;
    }
    const module = findModule(route.module)!;
    screens.set(id, {
      id,
      audience: "staff",
      module: module.id,
      params: z.object(Object.fromEntries(names.map((n) => [n, z.string().min(1).max(100)])))
        .strict(),
      build: (ctx) => ({ ...moduleScreen(module, ctx, id), title: route.title }),
    });
  }
  return screens;
}

let screens: ReadonlyMap<string, ScreenDef> | undefined;

/** Screen id → definition, made on first use (the areas are read lazily). */
export function screenRegistry(): ReadonlyMap<string, ScreenDef> {
  return screens ??= buildScreenRegistry(recordTypes());
}
