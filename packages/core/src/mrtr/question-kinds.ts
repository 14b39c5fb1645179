import type { DependencySpec, QuestionKindName } from './dependency-spec';
import { formElicitation } from './kinds/form-elicitation.kind';
import { roots } from './kinds/roots.kind';
import { sampling } from './kinds/sampling.kind';
import { urlElicitation } from './kinds/url-elicitation.kind';
import type { QuestionKind } from './question-kind';

/** The registered question kinds. A new kind: a spec member in `dependency-spec.ts`, its module in `kinds/`, one line here. */
const QUESTION_KINDS: ReadonlyMap<QuestionKindName, QuestionKind> = new Map(
  ([formElicitation, urlElicitation, sampling, roots] as QuestionKind[]).map((kind) => [kind.kind, kind]),
);

/** The strategy that asks and reads a dependency's question. */
export function questionKindOf(spec: DependencySpec): QuestionKind {
  const kind = QUESTION_KINDS.get(spec.kind);
  if (!kind) throw new Error(`No question kind registered for "${spec.kind}" (${spec.decorator}).`);
  return kind;
}
