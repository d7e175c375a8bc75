import { z } from 'zod';
import { de } from 'zod/locales';

/** Zod's default messages in German, on server and client alike (spec 5: generic defaults). */
export function useGermanValidationMessages(): void {
  z.config(de());
}
