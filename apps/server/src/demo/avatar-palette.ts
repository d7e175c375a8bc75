/** Colours and small SVG helpers for the generated demo avatars. */

/** Head geometry on the 800×800 canvas: centre and radii of the face. */
export interface Head {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

export const SIZE = 800;

export const SKIN_TONES = ['#fde3d0', '#f7d0b5', '#efbd98', '#e2a67c', '#cc8e62', '#ad7149', '#8c5637', '#6a3f28'] as const;

export const NATURAL_HAIR = ['#1e1612', '#3a2519', '#573722', '#7a4a2a', '#9b4a25', '#c0763a', '#d9b46e', '#ecd39c', '#b9b3ad'] as const;
export const BOLD_HAIR = ['#7e57c2', '#e0699a', '#2f9c9c', '#4d79d1', '#e8804a'] as const;

export const EYE_COLOURS = ['#4a2e17', '#6b4a24', '#2f6690', '#3f7d4e', '#5d6b78', '#2b2b2b'] as const;

export const CLOTHES = [
  '#e4572e', '#2e86ab', '#f2a541', '#6a4c93', '#2a9d8f', '#e76f51', '#264653', '#d62246',
  '#8ab17d', '#3d5a80', '#ef7fa1', '#457b9d', '#e9c46a', '#b5179e', '#52796f', '#f7f7f2',
] as const;

/** Background gradient pairs: soft, friendly, never too dark. */
export const BACKGROUNDS = [
  ['#ffd6a5', '#ffadad'], ['#caffbf', '#9bf6ff'], ['#a0c4ff', '#bdb2ff'], ['#fdffb6', '#ffc6ff'],
  ['#ffc8dd', '#cdb4db'], ['#d8f3dc', '#74c69d'], ['#fcd5ce', '#f8edeb'], ['#e0fbfc', '#98c1d9'],
  ['#ffe5b4', '#f4a261'], ['#e9d8fd', '#b8c0ff'], ['#fef3c7', '#fca5a5'], ['#c7f9cc', '#80ed99'],
  ['#bde0fe', '#ffafcc'], ['#fff1e6', '#ddbea9'],
] as const;

export const FRAME_COLOURS = ['#222222', '#5b3b23', '#8d1d2c', '#1d4e89', '#b08d57'] as const;
export const LIP_COLOURS = ['#c2544f', '#b03a48', '#d46a6a', '#9e3d52'] as const;

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const a = Math.min(1, Math.abs(amount));
  const channel = (i: number) => {
    const v = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(v + (target - v) * a)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** A number for SVG attributes: one decimal, so the markup (and thus the bytes) is stable. */
export function n(v: number): string {
  return (Math.round(v * 10) / 10).toString();
}
