/** Text as a browser reads it from HTML that escapes with numeric entities (as platform/http/html.ts does). */
export function decodeEntities(html: string | undefined): string {
  return (html ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}
