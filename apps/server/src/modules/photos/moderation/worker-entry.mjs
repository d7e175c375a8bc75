// Starts nsfw-worker.ts in a worker thread. Workers do not inherit tsx from the parent on Node 20,
// and `--import tsx` in a worker's execArgv does nothing there (before Node 22.22.3 / 24.11.1 tsx
// only registers itself on the main thread). tsImport compiles the worker without registering
// anything globally, so it works the same under `tsx`, Vitest and any later Node.
import { tsImport } from 'tsx/esm/api';

await tsImport('./nsfw-worker.ts', import.meta.url);
