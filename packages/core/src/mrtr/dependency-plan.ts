import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { Class } from '../types/class';
import type { DependencySpec } from './dependency-spec';

/** One dependency parameter as compiled at startup: its wire key, position, schema and injection mode. */
export interface DependencyPlan {
  key: string;
  index: number;
  spec: DependencySpec;
  after: readonly string[];
  /** Form elicitation: the restricted schema sent to the client, and the DTO answers are validated into. */
  requestedSchema?: ElicitRequestFormParams['requestedSchema'];
  dto?: Class;
  inject: 'value' | 'outcome';
  /**
   * A fixed question's digest (see `QuestionKind.fixed`), set on its first render: the same bytes as the
   * per-call digest, which a question with a part computed per call keeps (`null`: not fixed).
   */
  digest?: string | null;
}
