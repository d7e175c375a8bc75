/**
 * Contact sheet of generated demo avatars, to look at them while changing the drawing code:
 *   npx tsx apps/server/scripts/avatar-sheet.ts [first-seed] [out.png]
 */
import sharp from 'sharp';
import { renderAvatar } from '../src/demo/avatar.js';

const genders = ['female', 'male', 'diverse'] as const;
const first = Number.parseInt(process.argv[2] ?? '1', 10) || 1;
const out = process.argv[3] ?? '/tmp/funkeln-avatars.png';
const cols = 6;
const rows = 4;
const tile = 260;

const started = Date.now();
const tiles = await Promise.all(
  Array.from({ length: cols * rows }, async (_, i) => {
    const avatar = await renderAvatar(first + i, genders[i % genders.length] ?? 'female');
    return { input: await sharp(avatar).resize(tile).toBuffer(), left: (i % cols) * tile, top: Math.floor(i / cols) * tile };
  }),
);
await sharp({ create: { width: cols * tile, height: rows * tile, channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile(out);
console.log(`${tiles.length} avatars (seeds ${first}–${first + tiles.length - 1}) in ${Date.now() - started} ms -> ${out}`);
