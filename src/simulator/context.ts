import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimCatalogueName, SimModel } from './catalog.js';
import type { ErrorCtx } from './errors.js';
import type { ConcurrencyGate } from './concurrency-gate.js';
import type { FaultBook } from './faults.js';
import type { SimFeeRecord } from './violation-fee.js';
import type { FormPart } from './multipart.js';
import type { PngCache } from './png.js';
import type { RequestLog } from './request-log.js';
import type { TokenBook, SimGroup } from './tokens.js';
import type { SimEndpoint, SimFaultKind, SimFlavor, SimVideoRoutes, RecordedRequest } from './types.js';
import type { TaskBook } from './video-tasks.js';

/** Resolved options of a simulator. */
export interface SimSettings {
  imageDelayMs: number;
  queuedMs: number;
  runMs: number;
  progressSteps: number;
  videoPaddingBytes: number;
}

/** Everything one simulator instance holds. */
export interface SimState {
  flavor: SimFlavor;
  catalogue: SimCatalogueName;
  videoRoutes: SimVideoRoutes;
  /** Ids left out of `/api/pricing`. */
  unpublished: ReadonlySet<string>;
  baseUrl: string;
  settings: SimSettings;
  tokens: TokenBook;
  faults: FaultBook;
  tasks: TaskBook;
  log: RequestLog;
  pngs: PngCache;
  /** The mp4 fixture, read once at start. */
  fixture: Buffer;
  /** new-api's per-token concurrency gate (off unless configured). */
  gate: ConcurrencyGate;
  /** Violation fees billed, oldest first (bounded). */
  fees: SimFeeRecord[];
  violationFeeMicros: number;
}

/** A parsed request body: JSON object, or multipart parts. */
export interface ParsedBody {
  json?: Record<string, unknown>;
  parts?: FormPart[];
}

/** One authenticated request on its way through a handler. */
export interface ReqCtx {
  req: IncomingMessage;
  res: ServerResponse;
  state: SimState;
  endpoint: SimEndpoint;
  /** Path parameter (video task id), when the route has one. */
  param?: string;
  token: string;
  group: SimGroup;
  err: ErrorCtx;
  body: ParsedBody;
  record: RecordedRequest;
  /** The validated model, for endpoints that name one in the body. */
  model?: SimModel;
  /** The prompt text in which `[[fault:…]]` markers were looked for. */
  promptText?: string;
  /** A fault the handler itself must act on (`task_fail`, `task_never_ends`, `truncated_mp4`). */
  fault?: SimFaultKind;
  /** The URL of an `image_url` fault. */
  faultUrl?: string;
  /** The billed seconds of a `short_video` fault rule. */
  faultBilledSeconds?: number;
}
