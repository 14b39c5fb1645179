import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Field } from '../../src/decorators/field.decorator';
import { promptArgumentsForDto } from '../../src/schema/prompt-arguments-for-dto';
import { UnsupportedSchemaError } from '../../src/errors/definition/unsupported-schema.error';

class Brief {
  @Field({ title: 'Topic', description: 'What to write about' }) @IsString() topic!: string;
  @IsOptional() @IsInt() words?: number;
  @IsOptional() @IsBoolean() formal?: boolean;
  @IsIn(['en', 'ko']) language!: string;
}

describe('promptArgumentsForDto', () => {
  it('lists every property with title, description and required', () => {
    expect(promptArgumentsForDto(Brief)).toEqual([
      { name: 'topic', title: 'Topic', description: 'What to write about', required: true },
      { name: 'words', required: false },
      { name: 'formal', required: false },
      { name: 'language', required: true },
    ]);
  });

  it('is cached per class', () => {
    expect(promptArgumentsForDto(Brief)).toBe(promptArgumentsForDto(Brief));
  });

  it('refuses objects and arrays, which cannot travel as one string', () => {
    class Inner {
      @IsString() x!: string;
    }
    class Nested {
      @ValidateNested() @Type(() => Inner) inner!: Inner;
    }
    class Listed {
      @IsArray() @IsString({ each: true }) items!: string[];
    }
    expect(() => promptArgumentsForDto(Nested)).toThrow(UnsupportedSchemaError);
    expect(() => promptArgumentsForDto(Nested)).toThrow(
      'Nested.inner: prompt arguments are strings; an object cannot be one',
    );
    expect(() => promptArgumentsForDto(Listed)).toThrow(
      'Listed.items: prompt arguments are strings; an array cannot be one',
    );
  });
});
