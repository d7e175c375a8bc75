/** Module name -> the modules it may use, from docs/ARCHITECTURE.md's module table (checked: complete, existing, acyclic). */
export function readModuleGraph(): Map<string, string[]>;
/** Throws when the graph names an unknown module, leaves a module folder out, or has a cycle. */
export function checkModuleGraph(graph: Map<string, string[]>): void;
