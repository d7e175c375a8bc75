import sharp from 'sharp';
import { renderAvatar } from './avatar.js';
const start = Number(process.argv[2] ?? 1);
const genders = ['female', 'male', 'diverse'] as const;
const tiles: { input: Buffer; left: number; top: number }[] = [];
const cols = 6, rows = 4, t = 260;
const t0 = Date.now();
for (let i = 0; i < cols * rows; i++) {
  const g = genders[i % 3]!;
  const img = await renderAvatar(start + i, g);
  tiles.push({ input: await sharp(img).resize(t).toBuffer(), left: (i % cols) * t, top: Math.floor(i / cols) * t });
}
console.log('ms/avatar', (Date.now() - t0) / (cols * rows));
await sharp({ create: { width: cols * t, height: rows * t, channels: 3, background: '#fff' } }).composite(tiles).png().toFile(`/tmp/avatars/sheet-${start}.png`);
