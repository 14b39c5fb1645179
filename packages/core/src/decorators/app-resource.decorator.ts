import type { Icon } from '@modelcontextprotocol/server';
import type { AppResourceCsp, AppResourcePermissions } from '../mcp-apps/app-ui-types';
import { loadExtApps } from '../mcp-apps/load-ext-apps';
import type { AppResourceUi } from '../metadata/definitions/handler.metadata';
import { collectHandler } from '../metadata/metadata-store';
import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';
import { checkDecoratorOptions } from './decorator-options';
import { classOfMethod } from './method-decorator-target';
import { isUriTemplate } from './uri-template';

export interface AppResourceOptions {
  name?: string;
  title?: string;
  description?: string;
  /** Default `text/html;profile=mcp-app`, the MIME type hosts render as an app. */
  mimeType?: string;
  icons?: Icon[];
  /** The origins the view may load from or connect to; the host enforces them. */
  csp?: AppResourceCsp;
  /** Sandbox permissions the view asks for. */
  permissions?: AppResourcePermissions;
  /** A dedicated origin for the view's sandbox (its format is the host's). */
  domain?: string;
  /** Whether the view wants the host's border and background around it. */
  prefersBorder?: boolean;
  /** OAuth scopes the caller's token must carry to read it. */
  scopes?: string[];
}

const APP_RESOURCE_OPTIONS = {
  name: true,
  title: true,
  description: true,
  mimeType: true,
  icons: true,
  csp: true,
  permissions: true,
  domain: true,
  prefersBorder: true,
  scopes: true,
} as const satisfies Record<keyof AppResourceOptions, true>;

/**
 * Serves a provider method's HTML as an MCP Apps view at a `ui://` URI: the method returns the page (a
 * string), its file (a `file:` URL, read as UTF-8 on each read) or a whole `ReadResourceResult`.
 * `@Tool({ ui: { resource } })` names it. What the view needs of the host (`csp`, `permissions`, `domain`,
 * `prefersBorder`) goes under `_meta.ui` of the list entry and of the read content.
 */
export function AppResource(uri: string, options: AppResourceOptions = {}): MethodDecorator {
  return (target, methodName) => {
    const cls = classOfMethod(target, methodName, 'AppResource');
    const where = `@AppResource() on ${cls.name}.${String(methodName)}`;
    checkDecoratorOptions(options, APP_RESOURCE_OPTIONS, where);
    if (typeof uri !== 'string' || isUriTemplate(uri))
      throw new InvalidDecoratorUseError(`${where}: the URI must be one fixed ui:// URI, got ${JSON.stringify(uri)}.`);
    const { name, mimeType, csp, permissions, domain, prefersBorder, ...rest } = options;
    const app: AppResourceUi = {};
    if (csp !== undefined) app.csp = csp;
    if (permissions !== undefined) app.permissions = permissions;
    if (domain !== undefined) app.domain = domain;
    if (prefersBorder !== undefined) app.prefersBorder = prefersBorder;
    collectHandler(cls, {
      kind: 'resource',
      methodName,
      name: name ?? String(methodName),
      uri,
      mimeType: mimeType ?? loadExtApps().RESOURCE_MIME_TYPE,
      ...(Object.keys(app).length > 0 && { _meta: { ui: app } }),
      app,
      ...rest,
    });
  };
}
