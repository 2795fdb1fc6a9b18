/**
 * Report data for the report wrapper screens: operations (project delivery) and
 * sales (lead pipeline), computed in SQL per organisation.
 */
export { reportRoutes } from "./routes.ts";
