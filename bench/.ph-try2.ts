import sharp from 'sharp';
import { originals, variants, avatars } from './photo-hash-samples.js';
import { photoHashes, hammingDistance } from '../apps/server/src/modules/photos/duplicates/phash.js';
async function views(img: Buffer) {
  const m = await sharp(img).metadata(); const w = m.width!, h = m.height!;
  const c = async (f: number) => photoHashes(await sharp(img).extract({ left: Math.round(w*f/2), top: Math.round(h*f/2), width: Math.round(w*(1-f)), height: Math.round(h*(1-f)) }).toBuffer());
  return [await photoHashes(img), await c(0.1)];
}
const dist = (a: Awaited<ReturnType<typeof views>>, b: Awaited<ReturnType<typeof views>>) => {
  let best = 64;
  for (const x of a) for (const y of b) { if (x === a[1] && y === b[1]) continue; best = Math.min(best, hammingDistance(x.hash, y.hash), hammingDistance(x.hash, y.mirror)); }
  return best;
};
const o = await originals();
const hs = await Promise.all(o.map((x) => views(x.image)));
const byKind = new Map<string, number[]>();
for (const [i, x] of o.entries()) for (const v of await variants(x.image)) byKind.set(v.kind, [...(byKind.get(v.kind) ?? []), dist(hs[i]!, await views(v.image))]);
for (const [k, ds] of byKind) console.log(k, ds.sort((a,b)=>a-b).join(','));
const diff: number[] = [];
for (let i = 0; i < o.length; i++) for (let j = i + 1; j < o.length; j++) diff.push(dist(hs[i]!, hs[j]!));
console.log('different', diff.sort((a,b)=>a-b).slice(0,20).join(','));
const av = await avatars(100); const ah = await Promise.all(av.map((x) => views(x.image)));
const ad: number[] = [];
for (let i = 0; i < ah.length; i++) for (let j = i + 1; j < ah.length; j++) ad.push(dist(ah[i]!, ah[j]!));
console.log('avatars', ad.sort((a,b)=>a-b).slice(0,20).join(','));
