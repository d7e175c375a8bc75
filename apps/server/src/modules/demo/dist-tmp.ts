import { avatarSvg } from './avatar.js';
import { createRng } from './random.js';
const bald = (s: number) => avatarSvg(s, 'male').includes('r="26" ry="12"');
console.log([...Array(30)].map((_, i) => (bald(100 + i) ? 'B' : '.')).join(''));
// first 6 draws of consecutive seeds
for (let s = 100; s < 110; s++) { const r = createRng(s); console.log(s, [...Array(6)].map(() => r.next().toFixed(3)).join(' ')); }
