import sharp from 'sharp';
import type { Gender } from '@funkeln/contracts/profiles';
import { ears, earrings, headPath, renderFace, type FaceTraits } from './avatar-face.js';
import { renderHair, type HairStyle } from './avatar-hair.js';
import {
  BACKGROUNDS, BOLD_HAIR, CLOTHES, EYE_COLOURS, FRAME_COLOURS, LIP_COLOURS, NATURAL_HAIR, SIZE, SKIN_TONES, n, shade, type Head,
} from './avatar-palette.js';
import { createRng, type Rng } from './random.js';

const ZOOM = 1.12;
// Lighter tones more often, every tone present.
const SKIN_WEIGHTS = [3, 4, 4, 3, 2, 1.5, 1.2, 1];

type Neckline = 'crew' | 'vneck' | 'collar' | 'turtleneck' | 'hoodie';

/** Hair that reads as the member's gender at a glance: no short cuts for women, no long hair for men. */
const HAIR_WEIGHTS: Record<Gender, readonly (readonly [HairStyle, number])[]> = {
  female: [['long', 28], ['bob', 16], ['bun', 13], ['ponytail', 13], ['curly', 12], ['afro', 7]],
  male: [['short', 28], ['quiff', 20], ['buzz', 15], ['bald', 8], ['undercut', 8], ['curly', 5], ['afro', 5]],
  diverse: [['undercut', 16], ['curly', 12], ['bob', 12], ['short', 12], ['quiff', 10], ['long', 10], ['bun', 8], ['afro', 8], ['buzz', 6], ['ponytail', 6]],
};

/** Bold (pink, blue …) hair: often for diverse members, now and then for women, not for men. */
const BOLD_HAIR_CHANCE: Record<Gender, number> = { female: 0.05, male: 0, diverse: 0.4 };

function hairColour(rng: Rng, gender: Gender): string {
  return rng.chance(BOLD_HAIR_CHANCE[gender]) ? rng.pick(BOLD_HAIR) : rng.pick(NATURAL_HAIR);
}

function faceTraits(rng: Rng, gender: Gender, skin: string, hair: string): FaceTraits {
  const female = gender === 'female';
  return {
    skin,
    hair,
    eyes: rng.weighted([['dot', 3], ['iris', 4], ['happy', 2], ['lashes', female ? 4 : gender === 'diverse' ? 1.5 : 0]]),
    eyeColour: rng.pick(EYE_COLOURS),
    browWeight: rng.range(female ? 5 : 7, female ? 7.5 : 11),
    browTilt: rng.range(-4, 6),
    nose: rng.pick(['curve', 'button', 'line'] as const),
    mouth: rng.weighted([['smile', 4], ['grin', 4], ['lips', female ? 4 : 1]]),
    lipColour: female && rng.chance(0.5) ? rng.pick(LIP_COLOURS) : shade(skin, -0.32),
    beard: gender === 'male' ? rng.weighted([['none', 6], ['stubble', 3], ['full', 2], ['moustache', 1]]) : 'none',
    glasses: rng.weighted([['none', 7.5], ['round', 1], ['square', 1]]),
    frameColour: rng.pick(FRAME_COLOURS),
    earrings: rng.weighted([['none', female ? 4 : gender === 'diverse' ? 5 : 16], ['stud', female ? 3 : gender === 'diverse' ? 3 : 1], ['hoop', female ? 3 : gender === 'diverse' ? 1 : 0]]),
    freckles: rng.chance(0.15),
  };
}

function background(rng: Rng): string {
  const [a, b] = rng.pick(BACKGROUNDS);
  const angle = rng.pick([[0, 0, 1, 1], [1, 0, 0, 1], [0, 0, 0, 1], [0.5, 0, 0.5, 1]] as const);
  const gradient = `<linearGradient id="bg" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
  const bubbles = Array.from({ length: rng.int(3, 6) }, () => {
    const r = rng.range(30, 120);
    return `<circle cx="${n(rng.range(0, SIZE))}" cy="${n(rng.range(0, SIZE * 0.7))}" r="${n(r)}" fill="#ffffff" opacity="${n(rng.range(0.12, 0.3))}"/>`;
  }).join('');
  return `<defs>${gradient}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>${bubbles}`;
}

function body(rng: Rng, h: Head, gender: Gender, skin: string): string {
  const cloth = rng.pick(CLOTHES);
  const trim = shade(cloth, -0.2);
  const neckSkin = shade(skin, -0.06);
  const { cx, cy, ry } = h;
  const halfNeck = rng.range(44, 54);
  const w = gender === 'male' ? rng.range(300, 340) : rng.range(260, 300);
  const top = cy + ry + 88;
  const neck = `<path d="M ${n(cx - halfNeck)} ${n(cy + ry - 70)} L ${n(cx - halfNeck - 4)} ${n(top + 30)} L ${n(cx + halfNeck + 4)} ${n(top + 30)} L ${n(cx + halfNeck)} ${n(cy + ry - 70)} Z" fill="${neckSkin}"/><path d="M ${n(cx - halfNeck)} ${n(cy + ry - 60)} L ${n(cx + halfNeck)} ${n(cy + ry - 60)} L ${n(cx + halfNeck)} ${n(cy + ry + 22)} Q ${n(cx)} ${n(cy + ry + 40)} ${n(cx - halfNeck)} ${n(cy + ry + 22)} Z" fill="${shade(skin, -0.2)}"/>`;
  const torso = `<path d="M ${n(cx - w - 20)} ${SIZE} C ${n(cx - w)} ${n(top + 70)}, ${n(cx - w * 0.7)} ${n(top + 8)}, ${n(cx - 90)} ${n(top)} Q ${n(cx)} ${n(top + 6)} ${n(cx + 90)} ${n(top)} C ${n(cx + w * 0.7)} ${n(top + 8)}, ${n(cx + w)} ${n(top + 70)}, ${n(cx + w + 20)} ${SIZE} Z" fill="${cloth}"/>`;
  const style = rng.weighted<Neckline>([['crew', 4], ['vneck', 3], ['collar', 2], ['turtleneck', 1.5], ['hoodie', 2]]);
  let neckline = '';
  switch (style) {
    case 'crew':
      neckline = `<path d="M ${n(cx - halfNeck - 12)} ${n(top - 2)} Q ${n(cx)} ${n(top + 50)} ${n(cx + halfNeck + 12)} ${n(top - 2)}" fill="${neckSkin}" stroke="${trim}" stroke-width="8"/>`;
      break;
    case 'vneck':
      neckline = `<path d="M ${n(cx - halfNeck - 10)} ${n(top - 3)} L ${n(cx)} ${n(top + 80)} L ${n(cx + halfNeck + 10)} ${n(top - 3)}" fill="${neckSkin}" stroke="${trim}" stroke-width="8" stroke-linejoin="round"/>`;
      break;
    case 'collar': {
      const collar = rng.chance(0.5) ? '#ffffff' : shade(cloth, 0.45);
      neckline = `<path d="M ${n(cx - halfNeck - 8)} ${n(top - 4)} L ${n(cx)} ${n(top + 60)} L ${n(cx + halfNeck + 8)} ${n(top - 4)}" fill="${neckSkin}"/><path d="M ${n(cx - halfNeck - 14)} ${n(top - 8)} L ${n(cx - 6)} ${n(top + 58)} L ${n(cx - 50)} ${n(top + 70)} Z M ${n(cx + halfNeck + 14)} ${n(top - 8)} L ${n(cx + 6)} ${n(top + 58)} L ${n(cx + 50)} ${n(top + 70)} Z" fill="${collar}" stroke="${trim}" stroke-width="3" stroke-linejoin="round"/>`;
      break;
    }
    case 'turtleneck':
      neckline = `<path d="M ${n(cx - halfNeck - 6)} ${n(top - 44)} Q ${n(cx)} ${n(top - 34)} ${n(cx + halfNeck + 6)} ${n(top - 44)} L ${n(cx + halfNeck + 12)} ${n(top + 12)} Q ${n(cx)} ${n(top + 24)} ${n(cx - halfNeck - 12)} ${n(top + 12)} Z" fill="${shade(cloth, -0.08)}"/><path d="M ${n(cx - halfNeck)} ${n(top - 22)} Q ${n(cx)} ${n(top - 12)} ${n(cx + halfNeck)} ${n(top - 22)} M ${n(cx - halfNeck - 4)} ${n(top - 4)} Q ${n(cx)} ${n(top + 6)} ${n(cx + halfNeck + 4)} ${n(top - 4)}" stroke="${trim}" stroke-width="3" fill="none"/>`;
      break;
    case 'hoodie':
      neckline = `<path d="M ${n(cx - halfNeck - 60)} ${n(top + 10)} Q ${n(cx)} ${n(top - 40)} ${n(cx + halfNeck + 60)} ${n(top + 10)} Q ${n(cx)} ${n(top + 70)} ${n(cx - halfNeck - 60)} ${n(top + 10)} Z" fill="${trim}"/><path d="M ${n(cx - halfNeck - 8)} ${n(top)} Q ${n(cx)} ${n(top + 40)} ${n(cx + halfNeck + 8)} ${n(top)}" fill="${neckSkin}"/><path d="M ${n(cx - 30)} ${n(top + 32)} l -4 80 M ${n(cx + 30)} ${n(top + 32)} l 4 80" stroke="#f4f4f4" stroke-width="6" stroke-linecap="round"/>`;
      break;
  }
  return neck + torso + neckline;
}

export interface AvatarTraits {
  head: Head;
  skin: string;
  hair: string;
  style: HairStyle;
  face: FaceTraits;
}

/** The first draws of an avatar's PRNG: who the person looks like. Background and clothes follow. */
function drawTraits(rng: Rng, gender: Gender): AvatarTraits {
  const head: Head = { cx: 400, cy: 350, rx: rng.range(112, 126), ry: rng.range(140, 152) };
  const skin = rng.weighted(SKIN_TONES.map((tone, i) => [tone, SKIN_WEIGHTS[i] ?? 1] as const));
  const hair = hairColour(rng, gender);
  const style = rng.weighted(HAIR_WEIGHTS[gender]);
  return { head, skin, hair, style, face: faceTraits(rng, gender, skin, hair) };
}

export function avatarTraits(seed: number, gender: Gender): AvatarTraits {
  return drawTraits(createRng(seed), gender);
}

/** The SVG markup of one avatar; everything follows from the seed. */
export function avatarSvg(seed: number, gender: Gender): string {
  const rng = createRng(seed);
  const { head: h, skin, hair, style, face } = drawTraits(rng, gender);
  const bg = background(rng);
  const layers = renderHair(style, h, hair, rng);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    bg,
    // The figure a little larger than drawn, anchored at the bottom centre: a portrait crop.
    `<g transform="translate(${n((SIZE / 2) * (1 - ZOOM))} ${n(SIZE * (1 - ZOOM))}) scale(${ZOOM})">`,
    layers.back,
    body(rng, h, gender, skin),
    ears(h, skin),
    `<path d="${headPath(h)}" fill="${skin}"/>`,
    renderFace(h, face),
    earrings(h, face),
    layers.front,
    '</g></svg>',
  ].join('');
}

/** A friendly, clearly illustrated portrait as an 800×800 JPEG: plain SVG shapes, no downloads. */
export async function renderAvatar(seed: number, gender: Gender): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(seed, gender))).jpeg({ quality: 90 }).toBuffer();
}
