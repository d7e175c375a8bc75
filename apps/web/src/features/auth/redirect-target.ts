import { z } from 'zod';

const guardState = z.object({
  from: z.object({ pathname: z.string(), search: z.string().optional(), hash: z.string().optional() }),
});

/** Only same-site paths: '//evil.example' or 'https://…' must never become a redirect target. */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Where to go after login: the guard's origin location, else ?next=, else /discover. */
export function redirectTarget(state: unknown, next: string | null): string {
  const parsed = guardState.safeParse(state);
  if (parsed.success) {
    const { pathname, search = '', hash = '' } = parsed.data.from;
    if (isLocalPath(pathname) && pathname !== '/login') return `${pathname}${search}${hash}`;
  }
  if (next && isLocalPath(next)) return next;
  return '/discover';
}
