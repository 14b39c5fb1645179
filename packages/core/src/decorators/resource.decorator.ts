import type { Icon } from '@modelcontextprotocol/server';
import { collectHandler } from '../metadata/metadata-store';
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
   * handler or any question runs; a token without them gets 403 `insufficient_scope`. Listing still shows it.
   */
  scopes?: string[];
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
