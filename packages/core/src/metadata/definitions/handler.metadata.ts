import type { Icon, ToolAnnotations } from '@modelcontextprotocol/server';
import type { ToolInputSchema, ToolOutputSchema } from '../../schema/raw-input-schema';
import type { Class } from '../../types/class';
import type { VisiblePredicate } from '../../contracts/visibility';
import type { AppResourceCsp, AppResourcePermissions, AppToolVisibility } from '../../mcp-apps/app-ui-types';

/** What every capability decorator records about the method it decorates. */
interface HandlerMetadataBase {
  methodName: string | symbol;
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** OAuth scopes a caller's token must carry to call it (with the class's own). */
  scopes?: readonly string[];
  /** Whether a caller sees it (lists, and calls answered as unknown when not). */
  visible?: VisiblePredicate;
}

export interface ToolMetadata extends HandlerMetadataBase {
  kind: 'tool';
  /** The arguments DTO, when given explicitly; otherwise read from the `@Args()` parameter. */
  args?: () => Class;
  /** A hand-written input schema, in place of an arguments DTO. */
  inputSchema?: ToolInputSchema;
  output?: () => Class;
  /** A hand-written output schema, in place of an output DTO. */
  outputSchema?: ToolOutputSchema;
  annotations?: ToolAnnotations;
  /** Declares that the method may return an `InputRequiredResult` itself (the direct form). */
  returnsInputRequired?: boolean;
  /** Served as a task (the Tasks extension) to a client that declares it; see `ToolOptions.task`. */
  task?: TaskSupport;
  /** An app tool (MCP Apps): the view it renders with, and who may call it; see `ToolOptions.ui`. */
  ui?: ToolUiOptions;
}

/** `@Tool({ ui })`: the `@AppResource` whose view renders this tool's results, and who may call the tool. */
export interface ToolUiOptions {
  /** The `ui://` URI of an `@AppResource` of this application. */
  resource: string;
  /** `['model', 'app']` by default; `['app']`: only the view calls it (still listed, hosts hide it from the model). */
  visibility?: AppToolVisibility[];
}

/** The Tasks extension's `taskSupport` values a tool can declare (absent: `forbidden`, always inline). */
export type TaskSupport = 'optional' | 'required';

export interface PromptMetadata extends HandlerMetadataBase {
  kind: 'prompt';
  args?: () => Class;
  returnsInputRequired?: boolean;
}

export interface ResourceMetadata extends HandlerMetadataBase {
  kind: 'resource';
  uri: string;
  mimeType?: string;
  /** Never allowed (a static resource cannot ask); kept so that createApp can refuse it by name. */
  returnsInputRequired?: boolean;
  /** Set by `@AppResource`: an MCP Apps view, with what its list entry declares under `_meta.ui`. */
  app?: AppResourceUi;
}

/** What an `@AppResource` declares to the host about its view (`_meta.ui` of the resource). */
export interface AppResourceUi {
  csp?: AppResourceCsp;
  permissions?: AppResourcePermissions;
  domain?: string;
  prefersBorder?: boolean;
}

export interface ResourceTemplateMetadata extends HandlerMetadataBase {
  kind: 'resource-template';
  uriTemplate: string;
  mimeType?: string;
  returnsInputRequired?: boolean;
}

export type HandlerMetadata = ToolMetadata | PromptMetadata | ResourceMetadata | ResourceTemplateMetadata;
