/**
 * The lane's start-up probe under the name every accelerator folder gives its own (`probe.ts`, exporting
 * `probe(): string[]`): what changed in what the accelerator shadows, empty when it may serve. `listen` runs it
 * as a listener starts; `npm run check:deps-latest` runs it against the newest published versions.
 */
export { checkLaneAssumptions as probe } from './check-lane-assumptions';
