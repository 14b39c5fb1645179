import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo, JSONRPCMessage } from '@modelcontextprotocol/server';
import { REFUSED_BEFORE_PARSE } from '../endpoint/face-request-options';
import { bodiesBusy, type BodyHold } from '../limits/body-budget';
import { payloadTooLarge } from '../limits/read-limited-body';
import { refuseLargeBody, SCAN_FROM_BYTES } from '../limits/refuse-large-body';
import type { ResolvedRequestLimits } from '../limits/request-limits';
import type { FastLane } from '../accelerators/lane/fast-lane';
import { isWebResponse } from './is-web-response';
import type { NodeFace } from './node-face';
import { asRequest, type NodeRequestView } from './node-request-view';
import { readNodeBody } from './read-node-body';
import { writeWebResponse } from './write-web-response';

/** What the node face's steps share for one handler: the face, its lane, its limits and its Host check. */
export interface NodeFaceParts {
  readonly face: NodeFace;
  readonly lane?: FastLane;
  readonly limits: ResolvedRequestLimits;
  readonly unusableHost: (host: string | undefined) => Response | undefined;
  /** The SDK's node adapter over the endpoint's `fetch`, built on first use. */
  readonly sdkAdapter: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/** One node request on its way through the node face's steps. */
export interface NodeAdmission {
  readonly parts: NodeFaceParts;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly view: NodeRequestView;
  authInfo?: AuthInfo;
  /** The body's bytes, once read, and the hold they take from the endpoint's budget. */
  bytes?: Buffer;
  hold?: BodyHold;
}

type NextNodeStep = (admission: NodeAdmission) => Promise<void>;

/**
 * One step of `listen`'s node handler. Its steps are the endpoint's admission steps (ADMISSION_STEPS) made on
 * the node request before the endpoint sees it, each under the same name and in the same order, with one step
 * of its own in front (`url authority`); what they checked the endpoint does not check again.
 */
export interface NodeFaceStep {
  readonly name: string;
  run(admission: NodeAdmission, next: NextNodeStep): Promise<void>;
}

/** A `Host` that is not a URL authority at all (403), before anything builds a URL from it (unusable-host.ts). */
const urlAuthority: NodeFaceStep = {
  name: 'url authority',
  run(admission, next) {
    const badHost = admission.parts.unusableHost(admission.req.headers.host);
    return badHost ? refuseUnread(badHost, admission.res) : next(admission);
  },
};

/** `Host` and `Origin` against the face's allowed hosts, on a view of the node request. */
const host: NodeFaceStep = {
  name: 'host',
  run(admission, next) {
    const screened = admission.parts.face.screen?.(asRequest(admission.view));
    return screened ? refuseUnread(screened, admission.res) : next(admission);
  },
};

/** The endpoint's token check from the headers (`admit`), or the identity the host application verified. */
const auth: NodeFaceStep = {
  name: 'auth',
  async run(admission, next) {
    const { face } = admission.parts;
    const admitted = face.admit ? await face.admit(asRequest(admission.view)) : {};
    if (isWebResponse(admitted)) return refuseUnread(admitted, admission.res);
    admission.authInfo = admitted.authInfo ?? face.hostAuth?.(admission.req);
    return next(admission);
  },
};

/** A body read from the node stream with a running count, held against the endpoint's budget until answered. */
const bodyBudget: NodeFaceStep = {
  name: 'body budget',
  async run(admission, next) {
    const { req, res, parts } = admission;
    if (req.method === 'GET' || req.method === 'HEAD') return next(admission);
    const { maxBodyBytes } = parts.limits;
    if (Number(req.headers['content-length']) > maxBodyBytes) return refuseUnread(payloadTooLarge(maxBodyBytes), res);
    const hold = parts.face.bodies?.open();
    admission.hold = hold;
    try {
      const read = await readNodeBody(req, maxBodyBytes, hold);
      if (read === 'too-large') return await writeWebResponse(payloadTooLarge(maxBodyBytes), res);
      if (read === 'busy') return await writeWebResponse(bodiesBusy(), res);
      admission.bytes = read;
      return await next(admission);
    } finally {
      hold?.release();
    }
  },
};

/**
 * A body over the limits refused from its bytes, never decoded or parsed; the endpoint answers the refusal after
 * its own host and auth checks (a body too small to scan is not: no promise to wait for).
 */
const byteScan: NodeFaceStep = {
  name: 'byte scan',
  run(admission, next) {
    const { bytes, parts } = admission;
    const scanning = bytes !== undefined && bytes.length >= SCAN_FROM_BYTES && refuseLargeBody(bytes, parts.limits);
    if (!scanning) return next(admission);
    return scanning.then((refusal) => (refusal ? refuseScanned(admission, refusal) : next(admission)));
  },
};

async function refuseScanned({ parts, view, authInfo, res }: NodeAdmission, refusal: JSONRPCMessage): Promise<void> {
  const answer = await parts.face.fetch(asRequest(view), { authInfo, [REFUSED_BEFORE_PARSE]: refusal });
  return writeWebResponse(answer, res);
}

/**
 * The rest of the admission, in the endpoint: through the fast lane for a request it takes (lane/), otherwise
 * through the SDK's node adapter, the body already read, counted and scanned replayed to it.
 */
const endpoint: NextNodeStep = async (admission) => {
  const { req, res, view, parts, authInfo, bytes, hold } = admission;
  if (bytes !== undefined && parts.lane?.takes(req)) {
    const text = bytes.toString('utf8');
    view.withBody(text);
    const answer = await parts.lane.serve({
      request: asRequest(view),
      text,
      clone: () => view.clone(),
      authInfo,
      release: () => hold?.release(),
    });
    if (isWebResponse(answer)) return writeWebResponse(answer, res);
    // what the SDK answers a plain result with: 200, application/json, the message as JSON (here written whole)
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer.json) })
      .end(answer.json);
    return;
  }
  // given back before the adapter: the endpoint counts the body again as it reads it
  hold?.release();
  const authed = withAuth(req, authInfo);
  return parts.sdkAdapter(bytes === undefined ? authed : replayed(authed, bytes), res);
};

/** The node handler's steps, in the endpoint's order (`url authority` its own, in front). */
export const NODE_FACE_STEPS: readonly NodeFaceStep[] = [urlAuthority, host, auth, bodyBudget, byteScan];

/** The node face's steps chained once per handler, the endpoint last. */
export function chainNodeFaceSteps(): NextNodeStep {
  return NODE_FACE_STEPS.reduceRight<NextNodeStep>((next, step) => (admission) => step.run(admission, next), endpoint);
}

/** A refusal sent before the body is read: the connection is not reused, so the unread body is never read. */
function refuseUnread(response: Response, res: ServerResponse): Promise<void> {
  res.setHeader('connection', 'close');
  return writeWebResponse(response, res);
}

/** The node request with the identity the face verified, under the name the SDK's adapter reads. */
function withAuth(req: IncomingMessage, authInfo: AuthInfo | undefined): IncomingMessage {
  if (authInfo !== undefined) (req as IncomingMessage & { auth?: AuthInfo }).auth = authInfo;
  return req;
}

/** The node request whose body, already read, is read again from memory (headers, URL and socket are its own). */
function replayed(req: IncomingMessage, bytes: Buffer): IncomingMessage {
  const again = Object.create(req) as IncomingMessage;
  Object.defineProperty(again, Symbol.asyncIterator, {
    value: async function* () {
      if (bytes.length > 0) yield bytes;
    },
  });
  return again;
}
