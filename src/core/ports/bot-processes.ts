/** One running bot process as registered in the database (`bot_processes`, migration 0009). */
export interface BotProcess {
  /** Random id of this run. */
  id: string;
  /** What the process runs (`all`; later `gateway-bot`, `worker`). */
  role: string;
  /** `os.hostname()` of the machine (or container). */
  host: string;
  pid: number;
  /**
   * How it shares limits with other processes: `memory` (none) or `redis <host:port> <prefix>` (never a URL or a
   * password). Processes on one database must all use the same Redis and prefix.
   */
  coordination: string;
  startedAt: number;
  /** Last heartbeat (epoch ms). */
  seenAt: number;
}

/**
 * The heartbeat registry of bot processes sharing one database, so a process can see at start whether another one
 * runs (and refuse when they cannot share their limits). Implemented by each storage engine.
 */
export interface BotProcessRegistry {
  /** Adds (or replaces) a process's row. */
  register(p: BotProcess): Promise<void>;
  /** Records a heartbeat; false when the row is gone (removed as stale by another process): register again. */
  touch(id: string, seenAt: number): Promise<boolean>;
  /** Removes rows by id (a graceful stop, or rows found dead). */
  remove(ids: readonly string[]): Promise<void>;
  /** Every registered process, newest first. */
  list(): Promise<BotProcess[]>;
  /**
   * The random id of this database, created on the first call and the same for every process on it ever after; a
   * new or reset database gets a new one. Keys state kept outside the database (see migration 0010).
   */
  databaseId(): Promise<string>;
}
