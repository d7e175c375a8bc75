import { n, shade, type Head } from './avatar-palette.js';

type EyeStyle = 'dot' | 'iris' | 'happy' | 'lashes';
type MouthStyle = 'smile' | 'grin' | 'lips';
type NoseStyle = 'curve' | 'button' | 'line';
type BeardStyle = 'none' | 'stubble' | 'full' | 'moustache';
type Glasses = 'none' | 'round' | 'square';
type Earrings = 'none' | 'stud' | 'hoop';

export interface FaceTraits {
  skin: string;
  hair: string;
  eyes: EyeStyle;
  eyeColour: string;
  browWeight: number;
  browTilt: number;
  nose: NoseStyle;
  mouth: MouthStyle;
  lipColour: string;
  beard: BeardStyle;
  glasses: Glasses;
  frameColour: string;
  earrings: Earrings;
  freckles: boolean;
}

const eyeY = (h: Head) => h.cy + 8;
const eyeDx = (h: Head) => h.rx * 0.42;

export function ears(h: Head, skin: string): string {
  const y = h.cy + 18;
  const one = (s: -1 | 1) => {
    const x = h.cx + s * (h.rx - 4);
    return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="20" ry="30" fill="${skin}"/><ellipse cx="${n(x + s * 3)}" cy="${n(y)}" rx="9" ry="17" fill="${shade(skin, -0.16)}"/>`;
  };
  return one(-1) + one(1);
}

/** Face outline: a dome for the skull and a softer jaw down to the chin. */
export function headPath(h: Head): string {
  const { cx, cy, rx, ry } = h;
  return `M ${n(cx - rx)} ${n(cy)} C ${n(cx - rx)} ${n(cy - ry * 1.3)}, ${n(cx + rx)} ${n(cy - ry * 1.3)}, ${n(cx + rx)} ${n(cy)} C ${n(cx + rx)} ${n(cy + ry * 0.72)}, ${n(cx + rx * 0.42)} ${n(cy + ry)}, ${n(cx)} ${n(cy + ry)} C ${n(cx - rx * 0.42)} ${n(cy + ry)}, ${n(cx - rx)} ${n(cy + ry * 0.72)}, ${n(cx - rx)} ${n(cy)} Z`;
}

function eye(x: number, y: number, t: FaceTraits, side: -1 | 1): string {
  switch (t.eyes) {
    case 'dot':
      return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="10" ry="13" fill="#2a1d17"/><circle cx="${n(x + 3.5)}" cy="${n(y - 4.5)}" r="3.6" fill="#ffffff"/>`;
    case 'happy':
      return `<path d="M ${n(x - 15)} ${n(y + 4)} Q ${n(x)} ${n(y - 14)} ${n(x + 15)} ${n(y + 4)}" stroke="#2a1d17" stroke-width="6" stroke-linecap="round" fill="none"/>`;
    case 'iris':
    case 'lashes': {
      const white = `<path d="M ${n(x - 22)} ${n(y)} Q ${n(x)} ${n(y - 22)} ${n(x + 22)} ${n(y)} Q ${n(x)} ${n(y + 17)} ${n(x - 22)} ${n(y)} Z" fill="#ffffff"/>`;
      const iris = `<circle cx="${n(x)}" cy="${n(y - 1)}" r="11" fill="${t.eyeColour}"/><circle cx="${n(x)}" cy="${n(y - 1)}" r="5.5" fill="#1a1a1a"/><circle cx="${n(x + 3.5)}" cy="${n(y - 5)}" r="3" fill="#ffffff"/>`;
      const lid = `<path d="M ${n(x - 23)} ${n(y + 1)} Q ${n(x)} ${n(y - 23)} ${n(x + 23)} ${n(y + 1)}" stroke="#2a1d17" stroke-width="4" stroke-linecap="round" fill="none"/>`;
      const lashes =
        t.eyes === 'lashes'
          ? `<path d="M ${n(x + side * 20)} ${n(y - 5)} l ${n(side * 9)} -7 M ${n(x + side * 13)} ${n(y - 11)} l ${n(side * 6)} -8" stroke="#2a1d17" stroke-width="3.5" stroke-linecap="round"/>`
          : '';
      return white + iris + lid + lashes;
    }
  }
}

function brow(x: number, y: number, t: FaceTraits, side: -1 | 1): string {
  const inner = x - side * 20;
  const outer = x + side * 22;
  const colour = shade(t.hair, -0.25);
  return `<path d="M ${n(inner)} ${n(y + t.browTilt)} Q ${n(x)} ${n(y - 10)} ${n(outer)} ${n(y + 2)}" stroke="${colour}" stroke-width="${n(t.browWeight)}" stroke-linecap="round" fill="none"/>`;
}

function nose(h: Head, t: FaceTraits): string {
  const x = h.cx;
  const y = h.cy + 58;
  const colour = shade(t.skin, -0.28);
  switch (t.nose) {
    case 'curve':
      return `<path d="M ${n(x - 4)} ${n(y - 34)} Q ${n(x - 10)} ${n(y - 6)} ${n(x - 12)} ${n(y)} Q ${n(x)} ${n(y + 9)} ${n(x + 12)} ${n(y)}" stroke="${colour}" stroke-width="4.5" stroke-linecap="round" fill="none"/>`;
    case 'button':
      return `<ellipse cx="${n(x)}" cy="${n(y - 4)}" rx="17" ry="12" fill="${shade(t.skin, -0.1)}"/><circle cx="${n(x - 7)}" cy="${n(y)}" r="3" fill="${colour}"/><circle cx="${n(x + 7)}" cy="${n(y)}" r="3" fill="${colour}"/>`;
    case 'line':
      return `<path d="M ${n(x - 10)} ${n(y)} Q ${n(x)} ${n(y + 8)} ${n(x + 10)} ${n(y)}" stroke="${colour}" stroke-width="5" stroke-linecap="round" fill="none"/>`;
  }
}

function mouth(h: Head, t: FaceTraits): string {
  const x = h.cx;
  const y = h.cy + 102;
  switch (t.mouth) {
    case 'smile':
      return `<path d="M ${n(x - 34)} ${n(y - 6)} Q ${n(x)} ${n(y + 26)} ${n(x + 34)} ${n(y - 6)}" stroke="${shade(t.lipColour, -0.25)}" stroke-width="6" stroke-linecap="round" fill="none"/>`;
    case 'grin':
      return `<path d="M ${n(x - 38)} ${n(y - 8)} Q ${n(x)} ${n(y - 2)} ${n(x + 38)} ${n(y - 8)} Q ${n(x)} ${n(y + 46)} ${n(x - 38)} ${n(y - 8)} Z" fill="#7a2630"/><path d="M ${n(x - 30)} ${n(y - 5)} Q ${n(x)} ${n(y + 1)} ${n(x + 30)} ${n(y - 5)} L ${n(x + 26)} ${n(y + 5)} Q ${n(x)} ${n(y + 10)} ${n(x - 26)} ${n(y + 5)} Z" fill="#ffffff"/><ellipse cx="${n(x)}" cy="${n(y + 17)}" rx="14" ry="6" fill="#e07a7a"/>`;
    case 'lips':
      return `<path d="M ${n(x - 30)} ${n(y - 2)} Q ${n(x - 14)} ${n(y - 14)} ${n(x)} ${n(y - 8)} Q ${n(x + 14)} ${n(y - 14)} ${n(x + 30)} ${n(y - 2)} Q ${n(x)} ${n(y + 22)} ${n(x - 30)} ${n(y - 2)} Z" fill="${t.lipColour}"/><path d="M ${n(x - 28)} ${n(y - 2)} Q ${n(x)} ${n(y + 8)} ${n(x + 28)} ${n(y - 2)}" stroke="${shade(t.lipColour, -0.35)}" stroke-width="3" stroke-linecap="round" fill="none"/>`;
  }
}

function beard(h: Head, t: FaceTraits): string {
  const { cx, cy, rx, ry } = h;
  const colour = t.hair;
  switch (t.beard) {
    case 'none':
      return '';
    case 'stubble':
      return `<path d="M ${n(cx - rx + 2)} ${n(cy + 30)} C ${n(cx - rx + 10)} ${n(cy + ry * 0.95)}, ${n(cx + rx - 10)} ${n(cy + ry * 0.95)}, ${n(cx + rx - 2)} ${n(cy + 30)} C ${n(cx + rx * 0.8)} ${n(cy + ry * 0.72)}, ${n(cx - rx * 0.8)} ${n(cy + ry * 0.72)}, ${n(cx - rx + 2)} ${n(cy + 30)} Z M ${n(cx - 40)} ${n(cy + 86)} Q ${n(cx)} ${n(cy + 74)} ${n(cx + 40)} ${n(cy + 86)} Q ${n(cx)} ${n(cy + 82)} ${n(cx - 40)} ${n(cy + 86)} Z" fill="${colour}" opacity="0.3"/>`;
    case 'full':
      return `<path d="M ${n(cx - rx)} ${n(cy + 10)} C ${n(cx - rx)} ${n(cy + ry * 1.05)}, ${n(cx - rx * 0.5)} ${n(cy + ry * 1.22)}, ${n(cx)} ${n(cy + ry * 1.22)} C ${n(cx + rx * 0.5)} ${n(cy + ry * 1.22)}, ${n(cx + rx)} ${n(cy + ry * 1.05)}, ${n(cx + rx)} ${n(cy + 10)} C ${n(cx + rx - 24)} ${n(cy + 70)}, ${n(cx + 50)} ${n(cy + 72)}, ${n(cx)} ${n(cy + 78)} C ${n(cx - 50)} ${n(cy + 72)}, ${n(cx - rx + 24)} ${n(cy + 70)}, ${n(cx - rx)} ${n(cy + 10)} Z" fill="${colour}"/><ellipse cx="${n(cx)}" cy="${n(cy + 104)}" rx="44" ry="22" fill="${shade(t.skin, -0.05)}"/>`;
    case 'moustache':
      return `<path d="M ${n(cx)} ${n(cy + 80)} C ${n(cx - 20)} ${n(cy + 70)}, ${n(cx - 46)} ${n(cy + 76)}, ${n(cx - 50)} ${n(cy + 96)} C ${n(cx - 30)} ${n(cy + 86)}, ${n(cx - 14)} ${n(cy + 92)}, ${n(cx)} ${n(cy + 88)} C ${n(cx + 14)} ${n(cy + 92)}, ${n(cx + 30)} ${n(cy + 86)}, ${n(cx + 50)} ${n(cy + 96)} C ${n(cx + 46)} ${n(cy + 76)}, ${n(cx + 20)} ${n(cy + 70)}, ${n(cx)} ${n(cy + 80)} Z" fill="${colour}"/>`;
  }
}

function glasses(h: Head, t: FaceTraits): string {
  if (t.glasses === 'none') return '';
  const y = eyeY(h);
  const dx = eyeDx(h);
  const stroke = `stroke="${t.frameColour}" stroke-width="6" fill="#ffffff" fill-opacity="0.18"`;
  const lens = (x: number) =>
    t.glasses === 'round'
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="34" ${stroke}/>`
      : `<rect x="${n(x - 38)}" y="${n(y - 28)}" width="76" height="56" rx="14" ${stroke}/>`;
  const gap = t.glasses === 'round' ? 34 : 38;
  const bridge = `<path d="M ${n(h.cx - dx + gap)} ${n(y - 4)} Q ${n(h.cx)} ${n(y - 16)} ${n(h.cx + dx - gap)} ${n(y - 4)}" stroke="${t.frameColour}" stroke-width="6" fill="none"/>`;
  const arms = `<path d="M ${n(h.cx - dx - gap)} ${n(y - 6)} L ${n(h.cx - h.rx + 2)} ${n(y - 12)} M ${n(h.cx + dx + gap)} ${n(y - 6)} L ${n(h.cx + h.rx - 2)} ${n(y - 12)}" stroke="${t.frameColour}" stroke-width="6"/>`;
  return lens(h.cx - dx) + lens(h.cx + dx) + bridge + arms;
}

export function earrings(h: Head, t: FaceTraits): string {
  if (t.earrings === 'none') return '';
  const y = h.cy + 48;
  const one = (s: -1 | 1) => {
    const x = h.cx + s * (h.rx - 2);
    return t.earrings === 'stud'
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="#f2c94c" stroke="#c99a1e" stroke-width="2"/>`
      : `<circle cx="${n(x)}" cy="${n(y + 14)}" r="14" fill="none" stroke="#e0b23c" stroke-width="5"/>`;
  };
  return one(-1) + one(1);
}

function freckles(h: Head, t: FaceTraits): string {
  if (!t.freckles) return '';
  const colour = shade(t.skin, -0.3);
  const spots = [[-58, 48], [-44, 58], [-66, 62], [-50, 40], [58, 48], [44, 58], [66, 62], [50, 40]] as const;
  return spots.map(([dx, dy]) => `<circle cx="${n(h.cx + dx)}" cy="${n(h.cy + dy)}" r="3" fill="${colour}" opacity="0.7"/>`).join('');
}

/** Everything on the face, over the head shape and under the front hair. */
export function renderFace(h: Head, t: FaceTraits): string {
  const y = eyeY(h);
  const dx = eyeDx(h);
  const browY = y - 40;
  const blush = `<ellipse cx="${n(h.cx - h.rx * 0.55)}" cy="${n(h.cy + 62)}" rx="24" ry="14" fill="#f28b8b" opacity="0.28"/><ellipse cx="${n(h.cx + h.rx * 0.55)}" cy="${n(h.cy + 62)}" rx="24" ry="14" fill="#f28b8b" opacity="0.28"/>`;
  return [
    blush,
    freckles(h, t),
    eye(h.cx - dx, y, t, -1),
    eye(h.cx + dx, y, t, 1),
    brow(h.cx - dx, browY, t, -1),
    brow(h.cx + dx, browY, t, 1),
    beard(h, t),
    nose(h, t),
    mouth(h, t),
    glasses(h, t),
  ].join('');
}
