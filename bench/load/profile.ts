/**
 * The server's CPU profile of a load run (`--profile DIR`): each server process writes a V8
 * .cpuprofile into DIR when it exits (node --cpu-prof); this sums self time per function over all
 * of them and prints the top items, so a change can be compared before and after.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

interface ProfileItem {
  name: string;
  selfMs: number;
  share: number;
}

/** A function's name as the table shows it: name (file:line), paths from the repository root or the package. */
function label(frame: ProfileNode['callFrame'], root: string): string {
  const file = frame.url.replace(/^file:\/\//, '');
  const short = file.includes('/node_modules/') ? file.slice(file.lastIndexOf('/node_modules/') + 14) : file ? relative(root, file) : '';
  const name = frame.functionName || '(anonymous)';
  return short ? `${name} (${short}:${frame.lineNumber + 1})` : name;
}

/** Where a function lives: its npm package, the app's module or platform folder, WebAssembly (PGlite's engine), node's own, or V8. */
function area(frame: ProfileNode['callFrame'], root: string): string {
  const file = frame.url.replace(/^file:\/\//, '');
  if (file.startsWith('wasm:')) return 'WebAssembly (PGlite)';
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1] ?? file;
  if (file.startsWith('node:')) return 'node internals';
  if (!file) return frame.functionName.startsWith('(') ? frame.functionName : 'node built-ins (C++)';
  const app = /apps\/server\/src\/((?:modules|platform)\/[^/]+|[^/]+)/.exec(relative(root, file));
  return app ? `app: ${app[1]}` : relative(root, file);
}

/** Self time per function (and per area) over every profile in `dir`, the largest first. */
function topItems(dir: string, root: string, count = 15): { items: ProfileItem[]; areas: ProfileItem[]; totalMs: number; files: number } {
  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  let totalMs = 0;
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    // Each sample's time is the gap to the next one (the last sample: to the profile's end).
    for (let i = 0; i < samples.length; i++) {
      const node = byId.get(samples[i] ?? -1);
      if (!node) continue;
      const ms = (i + 1 < deltas.length ? (deltas[i + 1] ?? 0) : 0) / 1000;
      const name = label(node.callFrame, root);
      self.set(name, (self.get(name) ?? 0) + ms);
      if (name !== '(idle)') {
        const where = area(node.callFrame, root);
        areas.set(where, (areas.get(where) ?? 0) + ms);
      }
      totalMs += ms;
    }
  }
  const busy = [...self.entries()].filter(([name]) => name !== '(idle)');
  const busyMs = busy.reduce((sum, [, ms]) => sum + ms, 0);
  const top = (entries: [string, number][]) =>
    entries
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, selfMs]) => ({ name, selfMs, share: busyMs ? selfMs / busyMs : 0 }));
  return { items: top(busy), areas: top([...areas.entries()]), totalMs, files: files.length };
}

export function printProfile(dir: string, root: string): void {
  const { items, areas, totalMs, files } = topItems(dir, root);
  const line = (item: ProfileItem) => `  ${(item.share * 100).toFixed(1).padStart(5)} %  ${item.selfMs.toFixed(0).padStart(7)} ms  ${item.name}`;
  console.log(`\nServer CPU profile (${files} process(es), ${(totalMs / 1000).toFixed(1)} s profiled; self time, share of non-idle)`);
  console.log('By area:');
  for (const item of areas) console.log(line(item));
  console.log('By function:');
  for (const item of items) console.log(line(item));
}
