import sharp from 'sharp';
import { renderAvatar } from './avatar.js';
const seeds = process.argv.slice(2).map(Number);
const g = ['female', 'male', 'diverse'] as const;
const imgs = await Promise.all(seeds.map(async (s) => sharp(await renderAvatar(s, g[(s - 1) % 3]!)).resize(600).toBuffer()));
await sharp({ create: { width: 600 * imgs.length, height: 600, channels: 3, background: '#fff' } }).composite(imgs.map((input, i) => ({ input, left: i * 600, top: 0 }))).png().toFile('/tmp/avatars/one.png');
