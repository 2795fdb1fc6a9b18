/** A project made from a project template (`POST /project-templates/{id}/projects`). */
import { z } from "zod";
import { CalendarDate } from "./analytics-requests.ts";
import { RecordValues } from "../records/api.ts";
import { nameText } from "./name-text.ts";

export const ProjectFromTemplateRequest = z.object({
  name: nameText({ min: 1, max: 140 }),
  client: z.string().min(1).nullable().optional(),
  start_date: CalendarDate,
}).strict();

export const ProjectFromTemplateResponse = z.object({
  project: RecordValues,
  tasks: z.array(RecordValues),
}).strict();
