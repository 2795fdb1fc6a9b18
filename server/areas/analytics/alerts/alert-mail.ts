/**
 * The mail of a fired alert: which alert, the report's number now, the
 * condition and threshold it crossed, and the link that opens the report. Text
 * and HTML say the same; names are escaped in the HTML, since people typed them.
 */

/** What a fired alert's mail says. */
export interface AlertMailInput {
  alert: string;
  report: string;
  /** The condition's words ("Goes above"). */
  condition: string;
  value: number;
  threshold: number;
  link: string;
}

function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function figure(n: number): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(n);
}

/** The subject, text and HTML of a fired alert's mail. */
export function alertMail(input: AlertMailInput): { subject: string; text: string; html: string } {
  const line = `${input.report} is now ${
    figure(input.value)
  }. Your alert: ${input.condition.toLowerCase()} ${figure(input.threshold)}.`;
  const text = [
    input.alert,
    "",
    line,
    "",
    "Open the report in Opsuite:",
    input.link,
    "",
    "You get this message because you set this alert to mail you.",
  ].join("\n");
  const html = [
    `<h2>${escaped(input.alert)}</h2>`,
    `<p>${escaped(line)}</p>`,
    `<p><a href="${escaped(input.link)}">Open the report in Opsuite</a></p>`,
    "<p>You get this message because you set this alert to mail you.</p>",
  ].join("\n");
  return { subject: `Alert: ${input.alert}`, text, html };
}
