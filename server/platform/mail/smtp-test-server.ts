/**
 * Test support: a tiny SMTP server on a local port that speaks just enough of the
 * protocol (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) to receive messages, so
 * delivery is tested against a real socket and a real SMTP client.
 */

/** A message the server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** The running server. */
export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  /** Recipients refused with 550 on their next RCPT (each entry used once). */
  refuseNext: string[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 and a free port. */
export function startSmtpTestServer(): SmtpTestServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const connections = new Set<Deno.Conn>();
  const server: SmtpTestServer = {
    url: `smtp://127.0.0.1:${listener.addr.port}`,
    received: [],
    refuseNext: [],
    async close() {
      listener.close();
      for (const conn of connections) {
        try {
          conn.close();
        } catch {
          // Already closed by the client's QUIT.
        }
      }
      await serving;
    },
  };
  const serving = (async () => {
    const sessions: Promise<void>[] = [];
    try {
      for await (const conn of listener) {
        connections.add(conn);
        sessions.push(converse(conn, server).finally(() => connections.delete(conn)));
      }
    } catch {
      // The listener was closed.
    }
    await Promise.allSettled(sessions);
  })();
  return server;
}

async function converse(conn: Deno.Conn, server: SmtpTestServer): Promise<void> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const reply = (line: string) => conn.write(encoder.encode(`${line}\r\n`));
  let buffer = "";
  let inData = false;
  let mail: ReceivedMail = { from: "", to: [], data: "" };
  await reply("220 test.local ESMTP ready");
  const chunk = new Uint8Array(16_384);
  while (true) {
    let n: number | null;
    try {
      n = await conn.read(chunk);
    } catch {
      return;
    }
    if (n === null) return;
    buffer += decoder.decode(chunk.subarray(0, n));
    while (true) {
      if (inData) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end < 0) break;
        mail.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        server.received.push(mail);
        mail = { from: "", to: [], data: "" };
        await reply("250 OK queued");
        continue;
      }
      const eol = buffer.indexOf("\r\n");
      if (eol < 0) break;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") await reply("250-test.local\r\n250 8BITMIME");
      else if (verb === "HELO" || verb === "RSET" || verb === "NOOP") await reply("250 OK");
      else if (verb === "MAIL") {
        mail.from = line.replace(/^MAIL FROM:\s*<?([^>\s]*)>?.*$/i, "$1");
        await reply("250 OK");
      } else if (verb === "RCPT") {
        const to = line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, "$1");
        const refused = server.refuseNext.indexOf(to);
        if (refused >= 0) {
          server.refuseNext.splice(refused, 1);
          await reply("550 No such mailbox here");
        } else {
          mail.to.push(to);
          await reply("250 OK");
        }
      } else if (verb === "DATA") {
        inData = true;
        await reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "QUIT") {
        await reply("221 Bye");
        conn.close();
        return;
      } else await reply("502 Command not implemented");
    }
  }
}
