/**
 * User-facing words of the core, in the reader's locale (`locales/<code>/*.ftl`): failure texts in
 * `messages/failure-text.ts`, balance texts in `messages/balance-text.ts`, numbers and times in `i18n/format.ts`.
 */
export { describeFailure, type CommandHint } from './messages/failure-text.js';
export { describeBalance, type AllowanceView, type BalanceFacts } from './messages/balance-text.js';
