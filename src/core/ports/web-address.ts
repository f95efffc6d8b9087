/** Where the web surface answers (its public base URL), once it listens; `undefined` while it is off or not started. */
export interface WebAddress {
  url(): string | undefined;
}
