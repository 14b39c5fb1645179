import { endpointAdmission } from '../endpoint/mcp-endpoint';
import { recordAdmission } from '../endpoint/admission/described-admissions';

/**
 * Records what a Node face (what `listen` or `nodeHandler` returned) admits a request through: its own first
 * step, the fast lane when it is on, then the endpoint's steps (the node handler makes the first of them on the
 * node request, in the same order: node-face-steps.ts). `served` gives the endpoint once there is one.
 */
export function recordNodeFaceAdmission(
  face: object,
  served: () => { endpoint: object; laneOn: boolean } | undefined,
): void {
  recordAdmission(face, () => {
    const now = served();
    return ['url authority', ...(now?.laneOn ? ['fast lane'] : []), ...endpointAdmission(now?.endpoint ?? {})];
  });
}
