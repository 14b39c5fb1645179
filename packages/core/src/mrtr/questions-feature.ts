/**
 * The `questions` optional feature (loading/optional-features.ts): compiling a handler's dependency parameters
 * (`@Elicit`, `@Sample`, `@ListRoots`) and asking them, with the question kinds and elicitation schemas under it.
 */
export { compileDependencies } from './compile-dependencies';
export { resolveDependencies } from './resolve-dependencies';
