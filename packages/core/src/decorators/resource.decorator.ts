import type { Icon } from '@modelcontextprotocol/server';
import { collectHandler } from '../metadata/metadata-store';
import type { VisiblePredicate } from '../contracts/visibility';
import { checkDecoratorOptions } from './decorator-options';
import { classOfMethod } from './method-decorator-target';
import { isUriTemplate } from './uri-template';

export interface ResourceOptions {
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /**
   * OAuth scopes the caller's token must carry (all of them), checked over authenticated HTTP before the
   * handler or any question runs. By default a caller whose token lacks them does not see it: it is left out
   * of that caller's lists and a call answers as for an unknown one (the module's `visibility.scopes`:
   * `'challenge'` lists it to all and answers 403 `insufficient_scope` instead, for step-up).
   */
  scopes?: string[];
  /**
   * Whether a caller sees it (opt-in; guards never hide a handler, as a guard may have side effects): false
   * leaves it out of that caller's lists, and a call to it answers as a call to an unknown one. Runs on every
   * list and call: keep it quick and free of side effects.
   */
  visible?: VisiblePredicate;
  /** Templated resources only (createApp refuses it on a static one): the method may return `InputRequiredResult` itself (direct form). */
  returnsInputRequired?: boolean;
}

/** Every key of `ResourceOptions`, for `@Resource` and `@ResourceTemplate` to refuse a misspelt one. */
export const RESOURCE_OPTIONS = {
  name: true,
  title: true,
  description: true,
  mimeType: true,
  icons: true,
  _meta: true,
  scopes: true,
  visible: true,
  returnsInputRequired: true,
} as const satisfies Record<keyof ResourceOptions, true>;

/**
 * Exposes a provider method as a resource. A URI with `{variables}` makes it a resource template
 * (the same as `@ResourceTemplate`); a plain URI is a static resource, which cannot ask the user anything.
 */
export function Resource(uri: string, options: ResourceOptions = {}): MethodDecorator {
  return (target, methodName) => {
    const cls = classOfMethod(target, methodName, 'Resource');
    checkDecoratorOptions(options, RESOURCE_OPTIONS, `@Resource() on ${cls.name}.${String(methodName)}`);
    const { name, returnsInputRequired, ...rest } = options;
    if (isUriTemplate(uri)) {
      collectHandler(cls, {
        kind: 'resource-template',
        methodName,
        name: name ?? String(methodName),
        uriTemplate: uri,
        returnsInputRequired,
        ...rest,
      });
    } else {
      collectHandler(cls, {
        kind: 'resource',
        methodName,
        name: name ?? String(methodName),
        uri,
        returnsInputRequired,
        ...rest,
      });
    }
  };
}
