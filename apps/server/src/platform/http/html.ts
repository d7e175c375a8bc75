import { html as ghtml } from 'ghtml';

/** What a template may interpolate: text and numbers (escaped), nothing (empty), fragments (joined). */
export type HtmlValue = string | number | null | undefined | readonly string[];

/**
 * The one HTML template layer (mails, the share page, the unsubscribe page, the dev mailbox):
 * ghtml's tagged template, which escapes every interpolation (`" & ' < = >` as numeric
 * entities). A `!` right before `${}` inserts a fragment that is already HTML, such as the output
 * of another `html` call; never put a `!` before an interpolation for any other reason. Templates
 * are read raw: write line breaks as line breaks, not `\n`.
 */
export const html: (literals: TemplateStringsArray, ...values: HtmlValue[]) => string = ghtml;
