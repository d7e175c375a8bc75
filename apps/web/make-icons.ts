// Renders the app icons of manifest.webmanifest from public/favicon.svg (run after changing it):
//   npx tsx apps/web/make-icons.ts
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const pub = join(import.meta.dirname, 'public');
const svg = await readFile(join(pub, 'favicon.svg'), 'utf8');
// Maskable: the launcher may cut the icon to any shape inside the middle 80 %, so the background
// fills the square and the mark shrinks into the safe zone.
const maskable = svg
  .replace('<rect width="64" height="64" rx="16" fill="url(#g)"/>', '<rect width="64" height="64" fill="url(#g)"/><g transform="translate(12.8 12.8) scale(0.6)">')
  .replace('</svg>', '</g></svg>');

for (const size of [192, 512]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(join(pub, 'icons', `icon-${size}.png`));
}
await sharp(Buffer.from(maskable), { density: (72 * 512) / 64 }).resize(512, 512).png({ compressionLevel: 9, palette: true }).toFile(join(pub, 'icons', 'maskable-512.png'));
