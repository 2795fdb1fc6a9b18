/**
 * Races on undoing a bulk edit: the undo decides from the stored edit (whether it
 * was undone already) and from each record's version (whether someone changed it
 * since). One edit undone twenty times at once must restore its records once, as
 * one after another the second finds it undone: one 200, nineteen 409, and the
 * records at their previous values, one version further each.
 */
import { AT_ONCE, type RaceScenario, type RaceWrite } from "./race-scenario.ts";
import { type Json, personOn } from "./race-calls.ts";

interface OneEdit {
  ids: string[];
  ready: RaceWrite[];
  person: Awaited<ReturnType<typeof personOn>>;
}

const undoneAtOnce: RaceScenario<OneEdit> = {
  name: "one bulk edit of 3 leads undone 20 times at once",
  covers: [],
  async prepare(app) {
    const person = await personOn(app, "sales@acme.test");
    const ids: string[] = [];
    for (const company of ["Race A", "Race B", "Race C"]) {
      const lead = await person.create("lead", { name: company, company, source: "referral" });
      ids.push(lead.id as string);
    }
    const edited = await app.call("POST", "/api/records/lead/bulk", {
      token: person.token,
      body: { ids, values: { stage: "lost", lost_reason: "timing" } },
    });
    const edit = ((await edited.json()) as { undo: { id: string } }).undo.id;
    const ready = Array.from(
      { length: AT_ONCE },
      (): RaceWrite => (call) =>
        call("POST", "/api/records/lead/bulk/undo", {
          token: person.token,
          body: { edit },
        }),
    );
    return { ids, ready, person };
  },
  writes: (_app, state) => state.ready,
  async outcome(_app, state) {
    const leads: Json[] = [];
    for (const id of state.ids) leads.push(await state.person.get("lead", id));
    return leads.map((lead) => ({ stage: lead.stage, version: lead.version }));
  },
};

/** Every race on undoing bulk edits. */
export const BULK_UNDO_RACES: readonly RaceScenario<never>[] = [
  undoneAtOnce,
] as unknown as RaceScenario<never>[];
