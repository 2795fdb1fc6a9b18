import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { readConfig } from "../../config.ts";

Deno.test("SMTP_URL is read when it is an smtp:// or smtps:// URL, and left unset when empty", () => {
  assertEquals(
    readConfig({ SMTP_URL: "smtp://u:p@mail.test:2525" }).smtpUrl,
    "smtp://u:p@mail.test:2525",
  );
  assertEquals(readConfig({ SMTP_URL: "smtps://mail.test" }).smtpUrl, "smtps://mail.test");
  assertEquals(readConfig({ SMTP_URL: "" }).smtpUrl, undefined);
});

Deno.test("a malformed SMTP_URL stops the server with a message naming it", () => {
  throws(() => readConfig({ SMTP_URL: "mail.test:25" }), /SMTP_URL must look like smtp:\/\//);
});
