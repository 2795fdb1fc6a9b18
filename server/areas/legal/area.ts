/** Legal: contracts, their templates, clauses and approvals, and legal documents (to be built). */
import { defineArea } from "../define-area.ts";
import { LEGAL_MODULES } from "./modules.ts";

export const LEGAL = defineArea({ id: "legal", name: "Legal", modules: LEGAL_MODULES, types: [] });
