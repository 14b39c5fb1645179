import { collectHandler } from '../metadata/metadata-store';
import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';
import { classOfMethod } from './method-decorator-target';
import { checkDecoratorOptions } from './decorator-options';
import { RESOURCE_OPTIONS, type ResourceOptions } from './resource.decorator';
import { isUriTemplate } from './uri-template';

/** Exposes a provider method as a resource template (`uriTemplate` per RFC 6570, e.g. `notes://{id}`). */
export function ResourceTemplate(uriTemplate: string, options: ResourceOptions = {}): MethodDecorator {
  return (target, methodName) => {
    const cls = classOfMethod(target, methodName, 'ResourceTemplate');
    if (!isUriTemplate(uriTemplate)) {
      throw new InvalidDecoratorUseError(
        `@ResourceTemplate('${uriTemplate}') on ${cls.name}.${String(methodName)} has no {variable}; use @Resource for a static URI.`,
      );
    }
    checkDecoratorOptions(options, RESOURCE_OPTIONS, `@ResourceTemplate() on ${cls.name}.${String(methodName)}`);
    const { name, ...rest } = options;
    collectHandler(cls, {
      kind: 'resource-template',
      methodName,
      name: name ?? String(methodName),
      uriTemplate,
      ...rest,
    });
  };
}
