import type { ListRootsSpec } from '../dependency-spec';
import type { QuestionKind } from '../question-kind';

/** `@ListRoots`: the client's roots; the parameter gets the `Root[]` list. */
export const roots: QuestionKind<ListRootsSpec> = {
  kind: 'roots',
  elicitation: false,
  compile() {},
  fixed: () => true,
  render: () => ({ method: 'roots/list' }),
  read(_plan, response) {
    const list = response.roots;
    if (
      !Array.isArray(list) ||
      !list.every((r) => typeof r === 'object' && r !== null && typeof (r as { uri?: unknown }).uri === 'string')
    ) {
      return { ok: false, reason: 'not a ListRootsResult (roots: [{ uri }])' };
    }
    return { ok: true, action: 'result', data: response, value: list };
  },
  missingCapability: (_request, caps) => (caps.roots ? undefined : { roots: {} }),
  push: (mcpReq) => mcpReq.send({ method: 'roots/list' }),
};
