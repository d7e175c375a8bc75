/** One entry of an error table: the HTTP status and the German message (a function where it takes values). */
export interface ErrorSpec {
  readonly status: number;
  readonly message: string | ((params: never) => string);
}

/** A domain's table of error codes; `satisfies` keeps each message's literal type and parameters. */
export const defineErrors = <const T extends Record<string, ErrorSpec>>(table: T): T => table;
