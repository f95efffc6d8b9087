/**
 * User-facing words of the core, in the reader's locale (`locales/<code>/*.ftl`): failure texts in
 * `messages/failure-text.ts`, balance texts in `messages/balance-text.ts`, a job's state and money in
 * `messages/job-text.ts`, numbers and times in `i18n/format.ts`.
 */
export { describeFailure, describeFailureRef, type CommandHint } from './messages/failure-text.js';
export { describeBalance, type AllowanceView, type BalanceFacts } from './messages/balance-text.js';
export { describeJobMoney, describeJobState } from './messages/job-text.js';
