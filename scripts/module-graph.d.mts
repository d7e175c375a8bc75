/** Module name -> the modules it may use, from docs/ARCHITECTURE.md's module table (checked: complete, existing, acyclic). */
export function readModuleGraph(): Map<string, string[]>;
/** Throws when the graph names an unknown module, leaves a module folder out, has a cycle, or lets a module use 'demo'. */
export function checkModuleGraph(graph: Map<string, string[]>): void;
/** The module-table name of the folder an absolute file path lies in (modules/<name>/, or 'demo' for apps/server/src/demo/), if any. */
export function tableNameOf(file: string): string | undefined;
