/**
 * The result validator's probe under the name every accelerator folder gives its own (`probe.ts`, exporting
 * `probe(): string[]`): what changed in the SDK client it relies on, empty when it may serve. The client runs it
 * when it first builds a validator; `npm run check:deps-latest` runs it against the newest published SDK.
 */
export { checkCodecAssumptions as probe } from './check-codec-assumptions';
