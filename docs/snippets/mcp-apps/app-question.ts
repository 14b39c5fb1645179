import { IsIn } from 'class-validator';
import { AppResource, Elicit, Field, Provider, Tool } from '@tessera/core';

class RegionChoice {
  @Field() @IsIn(['eu', 'us']) region!: string;
}

@Provider()
export class Deployer {
  @AppResource('ui://forms/region.html')
  regionForm(): string {
    return '<!doctype html><form><select name="region"><option>eu</option><option>us</option></select></form>';
  }

  @Tool()
  deploy(
    // a client declaring extensions["io.modelcontextprotocol/ui"].elicitation gets _meta.ui.resourceUri on the
    // question and renders this view; any other gets the plain form. The answer is checked the same way.
    @Elicit({ key: 'region', message: 'Which region?', schema: RegionChoice, app: 'ui://forms/region.html' })
    choice: RegionChoice,
  ): string {
    return `deployed to ${choice.region}`;
  }
}
