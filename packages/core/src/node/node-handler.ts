import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import type { FastLane } from '../accelerators/lane/fast-lane';
import { loadFeature } from '../loading/load-feature';
import { NodeRequestView } from './node-request-view';
import { unusableHostCheck } from './unusable-host';
import type { NodeFace } from './node-face';
import { chainNodeFaceSteps, type NodeFaceParts } from './node-face-steps';

export type { EndpointFetch, NodeFace } from './node-face';

/**
 * The node handler of `listen`. Every request goes through the admission steps in their one order
 * (endpoint/admission/admission-steps.ts), the first of them here on the node request (node-face-steps.ts):
 * Host (a URL authority at all, then the allowed hosts) and Origin, then authentication (both on a view of the
 * node request, before a byte of the body is read), then the body's size and shape; then the endpoint, for the
 * parse and the rest. A request the fast lane takes (lane/) is served there; every other one goes through the
 * SDK's node adapter (`toNodeHandler`), with the body already read, counted and scanned replayed to it.
 * Without a lane (`fastPath: false`, or an SDK the lane does not know) everything goes the adapter's way.
 */
export function createNodeHandler(
  face: NodeFace,
  lane: FastLane | undefined,
  limits: ResolvedRequestLimits,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  let adapter: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const parts: NodeFaceParts = {
    face,
    ...(lane && { lane }),
    limits,
    unusableHost: unusableHostCheck(),
    // built on the first request that needs it (GET, or off the lane): a server the lane serves never loads it
    sdkAdapter: (req, res) =>
      (adapter ??= loadFeature('sdkNodeAdapter').toNodeHandler({ fetch: face.fetch }))(req, res),
  };
  const admit = chainNodeFaceSteps();
  return (req, res) => admit({ parts, req, res, view: new NodeRequestView(req, res) });
}
