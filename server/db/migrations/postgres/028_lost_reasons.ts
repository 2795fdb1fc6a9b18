/** PostgreSQL text of migration 028: the lost reasons list (the same text, see ../028_lost_reasons.ts). */
import lostReasons from "../028_lost_reasons.ts";

export default lostReasons;
