import { lazy, type ComponentType } from 'react';

let germanMessages: Promise<void> | undefined;

/** Zod's German default messages, set once before the first page that may validate a form. */
function withGermanMessages(): Promise<void> {
  germanMessages ??= import('@funkeln/contracts/locale').then(({ useGermanValidationMessages: apply }) => apply());
  return germanMessages;
}

/**
 * React.lazy for a named export: every route except the landing page (and the members-only parts
 * of the layout) ships as its own chunk, loaded together with zod's German messages.
 */
export function lazyPage<K extends string, P extends object = object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), withGermanMessages()]);
    return { default: module[name] };
  });
}
