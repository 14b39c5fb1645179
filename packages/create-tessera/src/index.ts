// Public API of create-tessera (the `create-tessera` bin is the usual entry): scaffold a project programmatically.
export { scaffold } from './scaffold';
export type { ScaffoldOptions, ScaffoldResult } from './scaffold';
export { projectNameProblem } from './project-name';
export { PEER_RANGES } from './template-values';
