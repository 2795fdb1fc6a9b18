/** PostgreSQL text of migration 030: the monthly forecast snapshots (see ../030_forecast_snapshots.ts). */
import { forecastSnapshotTable } from "../030_forecast_snapshots.ts";
import { T } from "./types.ts";

export default forecastSnapshotTable(T, "double precision");
