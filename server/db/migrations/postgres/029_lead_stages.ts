/** PostgreSQL text of migration 029: the lead stages (see ../029_lead_stages.ts). */
import { leadStageRows, leadStageTable } from "../029_lead_stages.ts";

export default `${leadStageTable('text COLLATE "C"')}
${leadStageRows}`;
