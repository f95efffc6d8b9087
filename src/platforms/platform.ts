import type { z } from 'zod';
import type { SurfaceStarter } from '../app/compose.js';
import type { Config } from '../config.js';
import type { ScopeRef } from '../core/api/surface.js';

/**
 * What one chat platform brings to the bot, exported as one object from its folder (`src/platforms/<id>/module.ts`)
 * and listed once in `src/platforms/registry.ts`. Nothing outside the folder names the platform: the configuration
 * schema, `OWNER_IDS`, the secrets to scrub, the start-up of every `ROLE` and the readiness check all come from here.
 *
 * A module file must stay light: `src/config.ts` loads every module (for its schema section) in every process,
 * the playground and the CLIs included, so the platform's library is imported inside `surface`/`deliveryOnly`
 * starters only (`await import(…)`), never at the top of the module file.
 */
export interface PlatformModule<Id extends string = string, Shape extends z.ZodRawShape = z.ZodRawShape, Settings = unknown> {
  /** Lower-case id: the `OWNER_IDS` prefix (`<id>:<user>`), the `Config` key, the readiness check's name. */
  readonly id: Id;
  /** Its section of the configuration. */
  readonly config: {
    /** The README table's and `.env.example`'s group its variables are listed under (e.g. `Discord`); none without variables. */
    readonly group?: string;
    /** Its variables as zod entries wrapped in `doc(…)`, in the order the README lists them. */
    readonly shape: Shape;
    /** The variable whose presence enables the platform (e.g. `DISCORD_TOKEN`), named in configuration errors. */
    readonly enabledBy?: string;
    /**
     * Its settings from the validated variables, or undefined when it is not configured (it does not start).
     * @throws ConfigError for a combination of its variables the schema cannot check alone.
     */
    settings(env: z.output<z.ZodObject<Shape>>): Settings | undefined;
  };
  /** How one of its people is named in `OWNER_IDS`: `<id>:<user>` where `<user>` matches `pattern`. */
  readonly ownerIds: {
    readonly pattern: RegExp;
    /** A sample user id for the error message (`discord:1234`); none keeps the platform out of the example. */
    readonly example?: string;
  };
  /** The kind of its communities, for a scope the operator CLI names (`npm run admin -- budget discord:<guild id> …`). */
  readonly scopeKind: ScopeRef['kind'];
  /** Values of its settings that must never be shown (bot tokens): added to the log scrubber at start. */
  secrets(settings: Settings): readonly (string | undefined)[];
  /**
   * The chat surface (`ROLE=all` and `gateway-bot`): a starter whose `preflight` checks the token and host before the
   * app is built, and which resolves once the platform is connected, bounded by `STARTUP_TIMEOUT_MS`, or throws a
   * `StartupError` sentence naming the host and the cause (its folder's `startup-errors.ts`). Its `connection` feeds the readiness check named {@link id}.
   * Absent for a platform started by its own entry point (the console).
   */
  surface?(config: Config, settings: Settings): SurfaceStarter;
  /** `ROLE=worker`: its `Delivery` only, over the platform's HTTP API (no event intake, no readiness check). */
  deliveryOnly?(config: Config, settings: Settings): SurfaceStarter;
  /**
   * Asks the platform, over its HTTP API, whether a user administers a community now, as the chat's own admin check
   * would answer (the web re-checks a signed-in admin with it, so rights taken away in the chat end there too).
   * Absent: the platform cannot be asked (the console), and a session's admin right stays what its link granted.
   */
  adminCheck?(settings: Settings): AdminCheck;
}

/**
 * `scopeId`, `userId`: the platform's own ids (a Telegram chat id, a Discord guild id; a user id). Resolves false
 * when the user is not an admin or not a member; rejects when the platform could not be asked.
 */
export type AdminCheck = (scopeId: string, userId: string) => Promise<boolean>;
