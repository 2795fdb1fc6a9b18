/** Normalising contact details, their similarity and the blocked scan. */
import assert from "node:assert/strict";
import { normaliseCompany, normaliseEmail, normaliseName, normalisePhone } from "./normalise.ts";
import { compareContacts, jaroWinkler, normaliseContact } from "./similarity.ts";
import { blockingKeys, lookAlikes, MAX_BLOCK, scanContacts, soundex } from "./blocking.ts";

Deno.test("emails are lower-cased, lose their +tag, and Gmail's dots and domain are folded", () => {
  assert.equal(normaliseEmail("  Ann.Lee+News@Example.COM "), "ann.lee@example.com");
  assert.equal(normaliseEmail("ann.lee+x@googlemail.com"), "annlee@gmail.com");
  assert.equal(normaliseEmail("A.N.N.Lee@gmail.com"), "annlee@gmail.com");
  assert.equal(normaliseEmail("not-an-email"), "");
  assert.equal(normaliseEmail(null), "");
});

Deno.test("phones become digits, with the country code when written or known", () => {
  assert.equal(normalisePhone("+44 (20) 7946-0000"), "442079460000");
  assert.equal(normalisePhone("0044 20 7946 0000"), "442079460000");
  assert.equal(normalisePhone("020 7946 0000", { countryCode: "+44" }), "442079460000");
  assert.equal(normalisePhone("020 7946 0000"), "02079460000");
  assert.equal(normalisePhone("ext."), "");
});

Deno.test("names and companies are folded; a company loses its legal form", () => {
  assert.equal(normaliseName("  José  O'Neil "), "jose o neil");
  assert.equal(normaliseName("Jürgen Straße"), "jurgen strasse");
  assert.equal(normaliseCompany("Acme Widgets, Ltd."), "acme widgets");
  assert.equal(normaliseCompany("Müller GmbH & Co. KG"), "muller");
  assert.equal(normaliseCompany("Initech Inc"), "initech");
  assert.equal(normaliseCompany("Ltd"), "ltd");
});

Deno.test("Jaro-Winkler gives the textbook values", () => {
  assert.equal(jaroWinkler("martha", "martha"), 1);
  assert.equal(jaroWinkler("abc", ""), 0);
  assert.equal(jaroWinkler("abc", "xyz"), 0);
  assert.equal(Math.round(jaroWinkler("martha", "marhta") * 1000), 961);
  assert.equal(Math.round(jaroWinkler("dixon", "dicksonx") * 1000), 813);
});

Deno.test("soundex keys sound-alike words together", () => {
  assert.equal(soundex("robert"), "R163");
  assert.equal(soundex("rupert"), "R163");
  assert.equal(soundex("ashcraft"), "A261");
  assert.equal(soundex("lee"), "L000");
});

Deno.test("two records of one person score high and name the fields that match", () => {
  const a = normaliseContact({
    id: "1",
    name: "Jon Smith",
    email: "jon.smith+crm@gmail.com",
    company: "Acme Ltd",
  });
  const b = normaliseContact({
    id: "2",
    name: "Smith, John",
    email: "jonsmith@gmail.com",
    company: "ACME",
  });
  const result = compareContacts(a, b);
  assert.ok(result.score >= 0.9, `score ${result.score}`);
  assert.deepEqual(result.matched, ["email", "name", "company"]);
});

Deno.test("colleagues at one company do not score as duplicates", () => {
  const a = normaliseContact({ id: "1", name: "Ann Lee", email: "ann@acme.test", company: "Acme" });
  const b = normaliseContact({ id: "2", name: "Bob Kay", email: "bob@acme.test", company: "Acme" });
  const result = compareContacts(a, b);
  assert.ok(result.score < 0.8, `score ${result.score}`);
  assert.deepEqual(result.matched, ["company"]);
});

Deno.test("a phone matches on its last digits, with or without the country", () => {
  const a = normaliseContact({ id: "1", name: "Ann Lee", phone: "+44 20 7946 0000" });
  const b = normaliseContact({ id: "2", name: "Anne Lee", phone: "020 7946 0000" });
  assert.equal(compareContacts(a, b).fields.phone, 1);
  assert.ok(blockingKeys(a).includes("p:79460000") && blockingKeys(b).includes("p:79460000"));
});

Deno.test("the scan compares only contacts sharing a key and reports what it compared", () => {
  const contacts = [
    { id: "a", name: "Jon Smith", email: "jon@x.test" },
    { id: "b", name: "John Smith", email: "JON@x.test" },
    { id: "c", name: "Mary Jones", email: "mary@y.test" },
    { id: "d", name: "Peter Pan", email: "peter@z.test" },
  ].map((c) => normaliseContact(c));
  const { pairs, compared } = scanContacts(contacts);
  assert.equal(compared, 1);
  assert.equal(pairs.length, 1);
  assert.deepEqual([pairs[0].a, pairs[0].b], [0, 1]);
});

Deno.test("a block beyond its limit is walked as a neighbourhood, not pair by pair", () => {
  const contacts = Array.from(
    { length: MAX_BLOCK * 4 },
    (_, i) => normaliseContact({ id: String(i), name: `Person ${i}`, email: "info@shared.test" }),
  );
  const { compared } = scanContacts(contacts);
  const all = (contacts.length * (contacts.length - 1)) / 2;
  assert.ok(compared > 0 && compared < all / 5, `${compared} of ${all}`);
});

Deno.test("a pair the caller rules out is never compared", () => {
  const contacts = [
    { id: "a", name: "Jon Smith", email: "jon@x.test" },
    { id: "b", name: "Jon Smith", email: "jon@x.test" },
  ].map((c) => normaliseContact(c));
  assert.deepEqual(scanContacts(contacts, { comparable: () => false }), { pairs: [], compared: 0 });
});

Deno.test("look-alikes of a new contact are found among existing ones, best first", () => {
  const existing = [
    { id: "x", name: "Mary Jones", email: "mary@y.test" },
    { id: "y", name: "Jon Smith", phone: "+1 555 010 2030" },
    { id: "z", name: "Jon Smyth", email: "jon@x.test", phone: "555-010-2030" },
  ].map((c) => normaliseContact(c));
  const found = lookAlikes(
    normaliseContact({ id: "", name: "Jon Smith", email: "jon@x.test", phone: "(555) 010 2030" }),
    existing,
  );
  assert.deepEqual(found.map((f) => existing[f.index].id), ["y", "z"]);
});
