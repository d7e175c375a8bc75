// Starts face-worker.ts in a worker thread; see photos/moderation/worker-entry.mjs for why tsImport.
import { tsImport } from 'tsx/esm/api';

await tsImport('./face-worker.ts', import.meta.url);
