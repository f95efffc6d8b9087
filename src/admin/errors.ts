/**
 * Errors of the operator CLI. Each carries the process exit code it maps to: 1 for a request that cannot be
 * applied (unknown scope, bad amount, token refused), 2 for a command line that does not parse.
 */

/** A well-formed command that cannot be carried out; the message is one line, safe to print. Exit code 1. */
export class CliError extends Error {
  readonly exitCode = 1;
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** A command line that does not match any command's form. Exit code 2; the message names the expected form. */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
