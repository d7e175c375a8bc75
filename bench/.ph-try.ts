import { originals, variants, avatars } from '../bench/photo-hash-samples.js';
import { photoHashes, hammingDistance } from '../apps/server/src/modules/photos/duplicates/phash.js';
const o = await originals();
const hs = await Promise.all(o.map((x) => photoHashes(x.image)));
const byKind = new Map<string, number[]>();
for (const [i, x] of o.entries()) {
  for (const v of await variants(x.image)) {
    const vh = await photoHashes(v.image);
    const d = Math.min(hammingDistance(hs[i]!.hash, vh.hash), hammingDistance(hs[i]!.hash, vh.mirror));
    byKind.set(v.kind, [...(byKind.get(v.kind) ?? []), d]);
  }
}
for (const [k, ds] of byKind) console.log(k, ds.sort((a,b)=>a-b).join(','));
const diff: number[] = [];
for (let i = 0; i < o.length; i++) for (let j = i + 1; j < o.length; j++) diff.push(Math.min(hammingDistance(hs[i]!.hash, hs[j]!.hash), hammingDistance(hs[i]!.hash, hs[j]!.mirror)));
console.log('different', diff.sort((a,b)=>a-b).slice(0,20).join(','));
const av = await avatars(100);
const ah = await Promise.all(av.map((x) => photoHashes(x.image)));
const ad: number[] = [];
for (let i = 0; i < ah.length; i++) for (let j = i + 1; j < ah.length; j++) ad.push(Math.min(hammingDistance(ah[i]!.hash, ah[j]!.hash), hammingDistance(ah[i]!.hash, ah[j]!.mirror)));
console.log('avatars', ad.sort((a,b)=>a-b).slice(0,20).join(','));
