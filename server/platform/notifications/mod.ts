/**
 * Notifications: what people are told in the app (the bell, the notifications
 * page, the dashboard) and by mail. `notify` writes one in the transaction that
 * caused it, with the link to its record and typed values that each reader reads
 * in their own locale (`fillNotice`); the notifications calls
 * (server/areas/workspace/notifications) list them in the reader's words.
 */
export { type Notice, type NoticeDelivery, notify } from "./notify.ts";
export {
  DEFAULT_LOCALE,
  fillNotice,
  formatParam,
  localeOf,
  type NoticeParam,
  type NoticeParams,
  parseParams,
} from "./notice-text.ts";
export { type NoticeReader, noticeReader, readerLocale } from "./reader-preferences.ts";
