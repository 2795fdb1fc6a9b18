/**
 * One controller per record type: the engine refuses to start with a custom
 * action no controller carries out, two controllers of one type, a controller of
 * a type not declared, or a controller action the type does not offer, naming
 * the type and the action.
 */
import { ok, throws } from "node:assert/strict";
import type { Database } from "../../db/database.ts";
import { SAMPLE_CONTACT, SAMPLE_JOB } from "../../testing/sample-record-types.ts";
import { defineRecordType } from "../define.ts";
import { defineController } from "./controller.ts";
import { RecordEngine } from "./engine.ts";

const NO_DATABASE = {} as Database;
const invoice = () => Promise.resolve();
const engineWith = (controllers: Parameters<typeof defineController>[0][]) =>
  new RecordEngine(NO_DATABASE, [SAMPLE_JOB, SAMPLE_CONTACT], Date.now, { controllers });

Deno.test("a type's custom action needs its controller to carry it out", () => {
  throws(
    () => engineWith([]),
    /Record type "sample_job": action "invoice" has no controller action to carry it out/,
  );
  ok(engineWith([defineController({ type: SAMPLE_JOB, actions: { invoice } })]));
});

Deno.test("a type has one controller, of a declared type, carrying out only what it offers", () => {
  const job = defineController({ type: SAMPLE_JOB, actions: { invoice } });
  throws(
    () => engineWith([job, defineController({ type: SAMPLE_JOB, actions: { invoice } })]),
    /Record type "sample_job" has two controllers/,
  );
  const stranger = defineRecordType({ ...SAMPLE_CONTACT.declaration, id: "stranger" });
  throws(
    () => engineWith([job, defineController({ type: stranger })]),
    /A controller governs record type "stranger", which is not declared/,
  );
  throws(
    () =>
      engineWith([
        job,
        defineController({ type: SAMPLE_CONTACT, actions: { approve: invoice } }),
      ]),
    /Record type "sample_contact": its controller carries out "approve", which the type does not offer/,
  );
});
