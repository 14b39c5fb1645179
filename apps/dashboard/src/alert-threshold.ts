import { IsInt, Max, Min } from 'class-validator';
import { Field } from '@tessera/core';

/** The question `set_alert` asks; the dashboard's own view renders it for a host that renders app questions. */
export class AlertThreshold {
  @Field({ title: 'Errors a minute', description: 'Alert once the service reaches this many errors a minute' })
  @IsInt()
  @Min(1)
  @Max(1000)
  errors!: number;
}
