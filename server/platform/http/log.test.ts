import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { closeLogFile, logLine, logToFile, MAX_LINE_CHARS } from "./log.ts";

async function linesOf(path: string): Promise<string[]> {
  return (await Deno.readTextFile(path)).split("\n").filter((line) => line !== "");
}

Deno.test("Log lines go to a file rotated by size, keeping LOG_FILES old files", async () => {
  const dir = await Deno.makeTempDir({ prefix: "opsuite-log-" });
  const path = `${dir}/logs/app.log`;
  try {
    logToFile(path, { maxBytes: 2000, files: 2 });
    for (let n = 0; n < 60; n++) logLine(null, "warn", "client render error", { n });
    closeLogFile();
    const names = [...Deno.readDirSync(`${dir}/logs`)].map((e) => e.name).sort();
    assertEquals(names, ["app.log", "app.log.1", "app.log.2"]);
    for (const name of names) {
      ok((await Deno.stat(`${dir}/logs/${name}`)).size <= 2000, `${name} is over 2000 bytes`);
    }
    // The newest lines are in app.log, the ones before in app.log.1, in order.
    const newest = (await linesOf(path)).map((line) => JSON.parse(line).n);
    const before = (await linesOf(`${path}.1`)).map((line) => JSON.parse(line).n);
    assertEquals(newest.at(-1), 59);
    assertEquals(before.at(-1), newest[0] - 1);
  } finally {
    closeLogFile();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("A log line is bounded whatever the size of its fields", async () => {
  const dir = await Deno.makeTempDir({ prefix: "opsuite-log-" });
  const path = `${dir}/app.log`;
  try {
    logToFile(path, { maxBytes: 10 * 1024 * 1024, files: 1 });
    logLine(null, "warn", "client render error", { url: "x".repeat(1_000_000), n: 1 });
    logLine(null, "error", "unhandled error", { stack: Array(100_000).fill("frame") });
    closeLogFile();
    const lines = await linesOf(path);
    assertEquals(lines.length, 2);
    for (const line of lines) {
      ok(line.length <= MAX_LINE_CHARS, `a line of ${line.length} characters`);
      const entry = JSON.parse(line);
      assertEquals(entry.truncated, true);
      ok(entry.message.length > 0);
    }
    assertEquals(JSON.parse(lines[0]).n, 1);
  } finally {
    closeLogFile();
    await Deno.remove(dir, { recursive: true });
  }
});
