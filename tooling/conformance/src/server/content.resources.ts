import { IsString } from 'class-validator';
import { Args, Provider, Resource, ResourceTemplate } from '@tessera/core';
import { PNG_1X1_BASE64 } from './media';

export class TemplateVars {
  @IsString()
  id!: string;
}

/** The resource fixtures (resources-* scenarios, caching). */
@Provider()
export class ContentResources {
  @Resource('test://static-text', {
    name: 'static-text',
    description: 'A static text resource.',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource('test://static-binary', {
    name: 'static-binary',
    description: 'A static binary resource (a PNG image).',
    mimeType: 'image/png',
  })
  staticBinary(): Uint8Array {
    return Buffer.from(PNG_1X1_BASE64, 'base64');
  }

  /** The resource the resources-subscribe and -unsubscribe scenarios subscribe to (2025-11-25 sessions). */
  @Resource('test://watched-resource', {
    name: 'watched-resource',
    description: 'A resource clients may subscribe to.',
    mimeType: 'text/plain',
  })
  watched(): string {
    return 'Watched resource content.';
  }

  @ResourceTemplate('test://template/{id}/data', {
    name: 'template',
    description: 'A templated JSON resource.',
    mimeType: 'application/json',
  })
  template(@Args() vars: TemplateVars): unknown {
    return { id: vars.id, templateTest: true, data: `Data for ID: ${vars.id}` };
  }
}
