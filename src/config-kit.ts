import { z } from 'zod';

/**
 * The building blocks of the configuration schema, shared by `src/config.ts` (the settings every process reads) and
 * the section each platform contributes from its folder (`src/platforms/<name>/config.ts`). Every helper reads one
 * environment variable as a string and treats blank as unset.
 */

/** An optional string; blank means unset. */
export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An optional http(s) URL without trailing slashes; blank means unset, `fallback` (if given) is the default. */
export const url = (fallback?: string) => {
  const base = z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'an http(s) URL such as https://example.com')
    .transform((v) => (v === '' ? undefined : v.replace(/\/+$/, '')));
  return fallback === undefined ? base.optional() : base.optional().transform((v) => v ?? fallback);
};

/** An optional whole number within `min`..`max` (`what` names it in the error); blank means `fallback`. */
export const int = (fallback: number, min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${what}, a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** An optional boolean (1/true/yes/on, 0/false/no/off); blank means `fallback`. */
export const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'true or false' });
      return z.NEVER;
    });

/** Documentation attached to each variable of the schema (read by `npm run docs:config`). */
export interface VariableDoc {
  /** What the variable does, with its default in words. One or two sentences. */
  description: string;
  /** The README table's and `.env.example`'s section, e.g. `Media gateway`, `Discord` (order: `CONFIG_GROUPS` in config.ts). */
  group: string;
  /** Shown in `.env.example` and the README's "Example / default" column when there is no default. */
  example?: string;
  /** Kept out of the generated `.env.example` value (a secret): the line is left empty. */
  secret?: boolean;
}

/** Attaches {@link VariableDoc} to a schema entry (zod metadata, so the docs cannot drift from the parser). */
export function doc<T extends z.ZodType>(schema: T, d: VariableDoc): T {
  return schema.meta({ ...d });
}

/** An optional TCP port (0 = any free port); blank means unset. */
export const port = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65_535) {
        ctx.addIssue({ code: 'custom', message: `${what}, a TCP port from 0 to 65535 (0 = any free port)` });
        return z.NEVER;
      }
      return n;
    });

/** A configuration problem, with a message that fits on one line and names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly expected: string,
  ) {
    super(`Configuration error: ${variable} must be ${expected}.`);
    this.name = 'ConfigError';
  }
}
