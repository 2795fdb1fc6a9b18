/** Payloads of what the client sends back: render errors, chat feedback, contact forms. */
import { z } from "zod";
import { nameText } from "./name-text.ts";

export const ClientErrorReport = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(20_000).optional(),
  url: z.string().max(2000).optional(),
  component: z.string().max(200).optional(),
}).strict();

export const ChatFeedback = z.object({
  message_id: z.string().min(1).max(100),
  helpful: z.boolean(),
  content: z.string().max(4000).optional(),
}).strict();

const email = z.string().trim().toLowerCase().email("Enter a valid email address").max(254);

export const ContactRequest = z.object({
  name: nameText({ min: 2, max: 200, required: "Enter your name" }),
  email,
  company: nameText({ max: 200 }).optional(),
  message: z.string().trim().min(10, "Tell us a little more (at least 10 characters)").max(5000),
}).strict();

export const DemoRequest = z.object({
  name: nameText({ min: 2, max: 200, required: "Enter your name" }),
  email,
  company: nameText({ min: 2, max: 200, required: "Enter your company" }),
  preferred_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a date"),
  message: z.string().trim().max(5000).optional(),
}).strict();

export const Received = z.object({ id: z.string(), received: z.literal(true) }).strict();

export const HealthResponse = z.object({
  status: z.enum(["ok", "unavailable"]),
  version: z.string(),
  database: z.object({ ok: z.boolean(), latency_ms: z.number() }).strict(),
  uptime_seconds: z.number(),
  time: z.string(),
}).strict();
