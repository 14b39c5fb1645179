/** One option of a single- or multi-select field: the value sent back and the label shown. */
export interface Choice {
  value: string;
  title: string;
}

export interface FieldBase {
  /** The property name: the key of the value in the answer's `content`. */
  name: string;
  /** What the user sees: the schema's title, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

export type FieldSpec =
  | (FieldBase & { kind: 'string'; default?: string; minLength?: number; maxLength?: number; format?: StringFormat })
  | (FieldBase & { kind: 'number' | 'integer'; default?: number; minimum?: number; maximum?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'enum'; choices: Choice[]; default?: string })
  | (FieldBase & { kind: 'multi'; choices: Choice[]; default?: string[]; minItems?: number; maxItems?: number });

export type FieldKind = FieldSpec['kind'];
