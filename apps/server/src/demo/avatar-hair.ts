import { n, shade, type Head } from './avatar-palette.js';
import type { Rng } from './random.js';

export type HairStyle = 'long' | 'bob' | 'bun' | 'ponytail' | 'curly' | 'afro' | 'short' | 'quiff' | 'buzz' | 'undercut' | 'bald';

/** Hair behind the head (drawn before neck and clothes) and in front of it (drawn last). */
export interface HairLayers {
  back: string;
  front: string;
}

type Fringe = 'swoop' | 'bangs' | 'middle' | 'neat';

/**
 * Outer dome of a hair cap from the left side over the top to the right side, `pad` px above
 * and beside the head. A cubic's apex lies at 1/4 end height + 3/4 control height.
 */
function dome(h: Head, pad: number, sideY: number, lift = 0): string {
  const top = h.cy - 0.975 * h.ry - pad - lift;
  const ctrl = (top - 0.25 * sideY) / 0.75;
  const l = h.cx - h.rx - pad;
  const r = h.cx + h.rx + pad;
  return `M ${n(l)} ${n(sideY)} C ${n(l)} ${n(ctrl)}, ${n(r)} ${n(ctrl)}, ${n(r)} ${n(sideY)}`;
}

/** The inner edge of the cap, from the right temple to the left one, i.e. the visible hairline. */
function hairline(h: Head, fringe: Fringe, sideY: number, flip: boolean): string {
  const { cx, cy, rx, ry } = h;
  const fy = cy - ry * 0.5; // forehead
  const s = flip ? -1 : 1;
  const right = cx + rx - 4;
  const left = cx - rx + 4;
  const start = `L ${n(right)} ${n(sideY)}`;
  switch (fringe) {
    case 'bangs':
      return `${start} C ${n(right)} ${n(fy)}, ${n(cx + rx * 0.6)} ${n(fy + 28)}, ${n(cx)} ${n(fy + 30)} C ${n(cx - rx * 0.6)} ${n(fy + 28)}, ${n(left)} ${n(fy)}, ${n(left)} ${n(sideY)} Z`;
    case 'middle':
      return `${start} C ${n(right)} ${n(fy - 10)}, ${n(cx + 30)} ${n(fy - 20)}, ${n(cx)} ${n(fy - 42)} C ${n(cx - 30)} ${n(fy - 20)}, ${n(left)} ${n(fy - 10)}, ${n(left)} ${n(sideY)} Z`;
    case 'neat':
      // Rounded, with a little recession at the temples.
      return `${start} C ${n(right)} ${n(fy + 10)}, ${n(cx + rx * 0.85)} ${n(fy - 22)}, ${n(cx + rx * 0.55)} ${n(fy - 26)} Q ${n(cx)} ${n(fy - 40)} ${n(cx - rx * 0.55)} ${n(fy - 26)} C ${n(cx - rx * 0.85)} ${n(fy - 22)}, ${n(left)} ${n(fy + 10)}, ${n(left)} ${n(sideY)} Z`;
    case 'swoop': {
      // A side parting: the fringe sweeps down towards one temple.
      const high = cx + s * rx * 0.45;
      const low = cx - s * rx * 0.75;
      const [a, b] = flip ? [left, right] : [right, left];
      const open = `L ${n(a)} ${n(sideY)}`;
      return `${open} C ${n(a)} ${n(fy - 30)}, ${n(high)} ${n(fy - 40)}, ${n(high - s * 20)} ${n(fy - 30)} C ${n(cx)} ${n(fy + 5)}, ${n(low)} ${n(fy + 10)}, ${n(b)} ${n(fy + 35)} L ${n(b)} ${n(sideY)} Z`;
    }
  }
}

function cap(h: Head, pad: number, sideY: number, fringe: Fringe, flip: boolean, lift = 0): string {
  // A swoop drawn mirrored must start its dome on the side it opens from.
  if (fringe === 'swoop' && flip) {
    const top = h.cy - 0.975 * h.ry - pad - lift;
    const ctrl = (top - 0.25 * sideY) / 0.75;
    const l = h.cx - h.rx - pad;
    const r = h.cx + h.rx + pad;
    return `M ${n(r)} ${n(sideY)} C ${n(r)} ${n(ctrl)}, ${n(l)} ${n(ctrl)}, ${n(l)} ${n(sideY)} ${hairline(h, fringe, sideY, flip)}`;
  }
  return `${dome(h, pad, sideY, lift)} ${hairline(h, fringe, sideY, flip)}`;
}

/** Curls: circles along an ellipse around the head, from angle a0 to a1 (degrees, 0 = right). */
function curls(rng: Rng, cx: number, cy: number, ex: number, ey: number, a0: number, a1: number, r: number, fill: string): string {
  const out: string[] = [];
  const steps = Math.round(Math.abs(a1 - a0) / 14);
  for (let i = 0; i <= steps; i++) {
    const a = ((a0 + ((a1 - a0) * i) / steps) * Math.PI) / 180;
    const rr = r * rng.range(0.85, 1.15);
    out.push(`<circle cx="${n(cx + Math.cos(a) * ex)}" cy="${n(cy + Math.sin(a) * ey)}" r="${n(rr)}" fill="${fill}"/>`);
  }
  return out.join('');
}

function path(d: string, fill: string): string {
  return `<path d="${d}" fill="${fill}"/>`;
}

/** Soft highlight on the top of the hair, so it reads as hair rather than a flat cap. */
function shine(h: Head, colour: string, flip: boolean): string {
  const x = h.cx + (flip ? 1 : -1) * h.rx * 0.35;
  const y = h.cy - h.ry * 0.82;
  return `<path d="M ${n(x - 38)} ${n(y + 16)} Q ${n(x)} ${n(y - 18)} ${n(x + 42)} ${n(y + 4)}" stroke="${shade(colour, 0.28)}" stroke-width="9" stroke-linecap="round" fill="none" opacity="0.55"/>`;
}

export function renderHair(style: HairStyle, h: Head, colour: string, rng: Rng): HairLayers {
  const { cx, cy, rx, ry } = h;
  const flip = rng.chance(0.5);
  const dark = shade(colour, -0.18);
  switch (style) {
    case 'long': {
      const len = rng.range(250, 330);
      const back = path(
        `M ${n(cx - rx - 28)} ${n(cy - 40)} C ${n(cx - rx - 40)} ${n(cy - ry * 1.45)}, ${n(cx + rx + 40)} ${n(cy - ry * 1.45)}, ${n(cx + rx + 28)} ${n(cy - 40)} C ${n(cx + rx + 50)} ${n(cy + 120)}, ${n(cx + rx + 40)} ${n(cy + len - 40)}, ${n(cx + rx + 20)} ${n(cy + len)} L ${n(cx - rx - 20)} ${n(cy + len)} C ${n(cx - rx - 40)} ${n(cy + len - 40)}, ${n(cx - rx - 50)} ${n(cy + 120)}, ${n(cx - rx - 28)} ${n(cy - 40)} Z`,
        dark,
      );
      const strand = (side: -1 | 1) => {
        const o = cx + side * (rx + 22);
        const i = cx + side * (rx - 6);
        return path(
          `M ${n(o)} ${n(cy - 30)} C ${n(o + side * 16)} ${n(cy + 120)}, ${n(o + side * 4)} ${n(cy + len - 80)}, ${n(o - side * 10)} ${n(cy + len - 20)} C ${n(o - side * 40)} ${n(cy + len - 60)}, ${n(i - side * 4)} ${n(cy + 120)}, ${n(i)} ${n(cy - 10)} Z`,
          colour,
        );
      };
      const fringe = rng.pick<Fringe>(['swoop', 'middle', 'bangs']);
      return { back, front: strand(-1) + strand(1) + path(cap(h, 22, cy - 10, fringe, flip), colour) + shine(h, colour, flip) };
    }
    case 'bob': {
      const end = cy + rng.range(95, 130);
      const back = path(
        `M ${n(cx - rx - 30)} ${n(cy - 30)} C ${n(cx - rx - 40)} ${n(cy - ry * 1.45)}, ${n(cx + rx + 40)} ${n(cy - ry * 1.45)}, ${n(cx + rx + 30)} ${n(cy - 30)} L ${n(cx + rx + 34)} ${n(end - 20)} Q ${n(cx + rx + 30)} ${n(end + 12)}, ${n(cx + rx - 10)} ${n(end)} L ${n(cx - rx + 10)} ${n(end)} Q ${n(cx - rx - 30)} ${n(end + 12)}, ${n(cx - rx - 34)} ${n(end - 20)} Z`,
        dark,
      );
      const side = (s: -1 | 1) =>
        path(
          `M ${n(cx + s * (rx + 28))} ${n(cy - 20)} L ${n(cx + s * (rx + 32))} ${n(end - 20)} Q ${n(cx + s * (rx + 28))} ${n(end + 10)}, ${n(cx + s * (rx - 12))} ${n(end)} Q ${n(cx + s * (rx - 8))} ${n(cy + 40)}, ${n(cx + s * (rx - 6))} ${n(cy - 20)} Z`,
          colour,
        );
      return { back, front: side(-1) + side(1) + path(cap(h, 26, cy - 10, rng.pick<Fringe>(['bangs', 'swoop']), flip), colour) + shine(h, colour, flip) };
    }
    case 'bun': {
      const r = rng.range(44, 56);
      const by = cy - ry - r * 0.55;
      const back = `<circle cx="${n(cx)}" cy="${n(by)}" r="${n(r)}" fill="${colour}"/><path d="M ${n(cx - r * 0.6)} ${n(by - 8)} Q ${n(cx)} ${n(by - r * 0.8)} ${n(cx + r * 0.6)} ${n(by - 4)}" stroke="${dark}" stroke-width="6" fill="none"/>`;
      return { back, front: path(cap(h, 8, cy - 25, rng.pick<Fringe>(['middle', 'neat']), flip), colour) + shine(h, colour, flip) };
    }
    case 'ponytail': {
      const s = flip ? -1 : 1;
      const back = path(
        `M ${n(cx + s * 40)} ${n(cy - ry * 0.8)} C ${n(cx + s * (rx + 90))} ${n(cy - ry * 0.9)}, ${n(cx + s * (rx + 80))} ${n(cy + 160)}, ${n(cx + s * (rx + 10))} ${n(cy + 260)} C ${n(cx + s * (rx + 30))} ${n(cy + 140)}, ${n(cx + s * (rx + 20))} ${n(cy - 20)}, ${n(cx + s * 20)} ${n(cy - ry * 0.6)} Z`,
        dark,
      );
      return { back, front: path(cap(h, 10, cy - 20, rng.pick<Fringe>(['swoop', 'neat', 'middle']), flip), colour) + shine(h, colour, flip) };
    }
    case 'curly': {
      const r = rng.range(26, 32);
      const back = curls(rng, cx, cy + 10, rx + 28, ry + 10, 150, 390, r + 6, dark);
      const front = curls(rng, cx, cy - 30, rx + 12, ry * 0.78, 190, 350, r, colour);
      return { back, front: path(cap(h, 18, cy - 5, 'neat', flip, 8), colour) + front };
    }
    case 'afro': {
      const back = `<ellipse cx="${n(cx)}" cy="${n(cy - 40)}" rx="${n(rx + 85)}" ry="${n(ry + 70)}" fill="${dark}"/>` + curls(rng, cx, cy - 40, rx + 80, ry + 62, 0, 360, 34, dark);
      return { back, front: path(cap(h, 30, cy - 10, 'neat', flip, 30), colour) + curls(rng, cx, cy - 52, rx + 18, ry * 0.82, 195, 345, 24, colour) };
    }
    case 'short':
      return { back: '', front: path(cap(h, 14, cy - 12, rng.pick<Fringe>(['swoop', 'neat']), flip), colour) + shine(h, colour, flip) };
    case 'quiff': {
      const front = path(cap(h, 14, cy - 14, 'neat', flip, 4), colour);
      const s = flip ? -1 : 1;
      const tuft = path(
        `M ${n(cx - s * rx * 0.75)} ${n(cy - ry * 0.75)} C ${n(cx - s * rx * 0.5)} ${n(cy - ry * 1.35)}, ${n(cx + s * rx * 0.7)} ${n(cy - ry * 1.3)}, ${n(cx + s * rx * 0.95)} ${n(cy - ry * 0.8)} C ${n(cx + s * rx * 0.4)} ${n(cy - ry * 0.95)}, ${n(cx - s * rx * 0.2)} ${n(cy - ry * 0.85)}, ${n(cx - s * rx * 0.75)} ${n(cy - ry * 0.75)} Z`,
        colour,
      );
      return { back: '', front: front + tuft + shine(h, colour, flip) };
    }
    case 'buzz':
      return { back: '', front: `<g opacity="0.9">${path(cap(h, 4, cy - 28, 'neat', flip), shade(colour, -0.12))}</g>` };
    case 'undercut': {
      // Shaved sides, a long top swept over to one side of the forehead.
      const s = flip ? -1 : 1;
      const shaved = `<g opacity="0.6">${path(cap(h, 5, cy - 20, 'neat', flip), colour)}</g>`;
      const top = cy - ry * 1.08;
      const sweep = path(
        `M ${n(cx + s * (rx * 0.85))} ${n(cy - ry * 0.62)} C ${n(cx + s * rx * 0.95)} ${n(top - 40)}, ${n(cx - s * rx * 0.6)} ${n(top - 50)}, ${n(cx - s * rx * 0.95)} ${n(cy - ry * 0.55)} C ${n(cx - s * (rx + 10))} ${n(cy - ry * 0.3)}, ${n(cx - s * rx * 0.85)} ${n(cy - ry * 0.1)}, ${n(cx - s * rx * 0.7)} ${n(cy - ry * 0.12)} C ${n(cx - s * rx * 0.55)} ${n(cy - ry * 0.4)}, ${n(cx + s * rx * 0.2)} ${n(cy - ry * 0.55)}, ${n(cx + s * (rx * 0.85))} ${n(cy - ry * 0.62)} Z`,
        colour,
      );
      return { back: '', front: shaved + sweep + shine(h, colour, !flip) };
    }
    case 'bald':
      return { back: '', front: `<ellipse cx="${n(cx - rx * 0.3)}" cy="${n(cy - ry * 0.78)}" rx="26" ry="12" fill="#ffffff" opacity="0.25"/>` };
  }
}
