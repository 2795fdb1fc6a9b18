import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { readConfig } from "./config.ts";

Deno.test("The server listens on loopback unless HOST says otherwise", () => {
  assertEquals(readConfig({}).host, "127.0.0.1");
  assertEquals(readConfig({ HOST: "" }).host, "127.0.0.1");
  assertEquals(readConfig({ HOST: "0.0.0.0" }).host, "0.0.0.0");
});

Deno.test("Database wait, body timeout and log rotation are read from the environment with defaults", () => {
  const defaults = readConfig({});
  assertEquals(
    [
      defaults.dbWriteWaitMs,
      defaults.requestBodyTimeoutMs,
      defaults.logFile,
      defaults.logMaxBytes,
      defaults.logFiles,
    ],
    [5000, 30_000, undefined, 10 * 1024 * 1024, 5],
  );
  const set = readConfig({
    DB_WRITE_WAIT_MS: "250",
    REQUEST_BODY_TIMEOUT_MS: "1000",
    LOG_FILE: "data/logs/app.log",
    LOG_MAX_BYTES: "4096",
    LOG_FILES: "2",
  });
  assertEquals(
    [set.dbWriteWaitMs, set.requestBodyTimeoutMs, set.logFile, set.logMaxBytes, set.logFiles],
    [250, 1000, "data/logs/app.log", 4096, 2],
  );
  throws(() => readConfig({ LOG_FILES: "0" }), /LOG_FILES must be a positive integer/);
});
