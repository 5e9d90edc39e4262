import { defineEntity, p } from '@mikro-orm/core';

/** Writes to public forms per address and window (platform/public-forms): shared by every app server. */
export class PublicWriteCount {
  declare address: string;
  declare windowStart: Date;
  declare count: number;
}

export const PublicWriteCountSchema = defineEntity({
  class: PublicWriteCount,
  tableName: 'public_write_count',
  properties: {
    address: p.string().length(64).primary(),
    windowStart: p.datetime().primary().index(),
    count: p.integer(),
  },
});
