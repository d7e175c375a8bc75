import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** WCAG 2.2 AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Opens `path` once the shell is there, waits until nothing says 'Lädt …' and returns the serious and critical findings. */
export async function audit(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.locator('main h1, main h2').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('Lädt …', { exact: true })).toHaveCount(0);
  return analyse(page);
}

/** The serious and critical axe findings on the page as it is, one readable line each. */
export async function analyse(page: Page): Promise<string[]> {
  // resultTypes: axe still runs every rule, but lists only one node of each passed or inapplicable
  // rule (this reads violations and incomplete only), so less is gathered and sent back per page.
  const { violations, incomplete } = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations', 'incomplete'] }).analyze();
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [`  ${v.id} (${v.impact}): ${v.help}`, ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)]);
  // 'Needs review' findings count too, except the two kinds axe cannot decide on this app's markup:
  // contrast (text on a gradient is checked below; on an image or under the translucent tab bar it
  // is left undecided) and label-in-name for a link whose visible content is an avatar's initial.
  const undecided = incomplete.filter((r) => (r.impact === 'serious' || r.impact === 'critical') && r.id !== 'color-contrast' && r.id !== 'label-content-name-mismatch');
  found.push(...undecided.flatMap((r) => [`  ${r.id} (${r.impact}, needs review): ${r.help}`, ...r.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}`)]));
  // axe leaves text on a gradient undecided ('incomplete'); those are checked against every stop of the gradient.
  const onGradient = incomplete
    .filter((r) => r.id === 'color-contrast')
    .flatMap((r) => r.nodes)
    .filter((n) => n.target.length === 1 && n.any.some((c) => /gradient/.test(c.message)))
    .map((n) => String(n.target[0]));
  const { onGradients, boundaries } = await page.evaluate(contrastChecks, onGradient);
  if (onGradients.length) found.push('  color-contrast on a gradient (serious): text must reach 4.5:1 (3:1 when large) on every colour stop', ...onGradients.map((l) => `    ${l}`));
  if (boundaries.length) found.push('  non-text-contrast (WCAG 1.4.11): a text field needs a 3:1 edge (border or fill) against its surroundings', ...boundaries.map((l) => `    ${l}`));
  return found;
}

/**
 * Runs in the page, two contrast checks axe does not make.
 * onGradients: for each selector, the text colour's contrast against every colour stop of the
 * gradient behind it. Stops more than half transparent only fade a photo's edge (the text sits on
 * the dense end) and are skipped; the rest are blended onto the first solid background below.
 * boundaries: every visible, enabled text field, select and text area needs its border or its fill
 * at 3:1 against the background around it.
 */
function contrastChecks(selectors: string[]): { onGradients: string[]; boundaries: string[] } {
  type Rgba = [number, number, number, number];
  const colours = (value: string): Rgba[] =>
    [...value.matchAll(/rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])]);
  const blend = (top: Rgba, below: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as Rgba;
  const channel = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  const luminance = (c: Rgba) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const solidBelow = (el: Element | null): Rgba => {
    for (let e = el; e; e = e.parentElement) {
      const bg = colours(getComputedStyle(e).backgroundColor)[0];
      if (bg && bg[3] === 1) return bg;
    }
    return [255, 255, 255, 1];
  };
  const problems: string[] = [];
  for (const selector of selectors) {
    const el = document.querySelector(selector);
    if (!el) continue;
    const style = getComputedStyle(el);
    const text = colours(style.color)[0];
    // Transparent text is gradient-filled display type (background-clip: text); decorative.
    if (!text || text[3] === 0) continue;
    let host: Element | null = el;
    while (host && !getComputedStyle(host).backgroundImage.includes('gradient')) host = host.parentElement;
    if (!host) continue;
    const under = solidBelow(host.parentElement);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const stops = colours(getComputedStyle(host).backgroundImage).filter((c) => c[3] >= 0.5);
    for (const stop of stops) {
      const bg = blend(stop, under);
      const r = ratio(blend(text, bg), bg);
      if (r < (large ? 3 : 4.5)) problems.push(`${selector}: ${style.color} on ${bg.slice(0, 3).join(',')} is ${r.toFixed(2)}:1`);
    }
  }
  const boundaries: string[] = [];
  const fields = document.querySelectorAll<HTMLElement>('input:not([type=checkbox], [type=radio], [type=file], [type=hidden], [type=range]), select, textarea');
  for (const field of Array.from(fields)) {
    if (field.matches(':disabled') || field.getClientRects().length === 0) continue;
    const style = getComputedStyle(field);
    const around = solidBelow(field.parentElement);
    const border = colours(style.borderTopColor)[0];
    const fill = colours(style.backgroundColor)[0];
    const edge = border && parseFloat(style.borderTopWidth) > 0 ? ratio(blend(border, around), around) : 1;
    const filled = fill ? ratio(blend(fill, around), around) : 1;
    if (Math.max(edge, filled) < 3) boundaries.push(`${field.id ? `#${field.id}` : field.tagName.toLowerCase()}${field.className ? `.${field.className.split(' ').join('.')}` : ''}: border ${edge.toFixed(2)}:1, fill ${filled.toFixed(2)}:1`);
  }
  return { onGradients: problems, boundaries };
}
