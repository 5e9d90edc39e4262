import { Field, Int, ObjectType } from 'type-graphql';
import { Menu } from '../../platform/graphql/access';
import { Identity } from '../../platform/graphql/identity';
import { donator } from '../reference';

// What a donation names, as the donations API shows it: its donor, storage, resources, counting units
// and money account, each a typed object read through a per-request batch loader
// (donation-loaders.ts). Readable by whoever may read the donation that names it; a field that needs
// more says so with its own @menu (the donor's identity and contact details).

/** Who may read a donor's citizen or tax id, phone, e-mail and address: view-donator (or edit). */
const DONOR_DETAILS = [...new Set([...donator.menus.view, ...donator.menus.edit])].sort();

@Identity('id')
@ObjectType('Donor', {
  description:
    'A donor (donator basic data): a natural person, a juristic person or an anonymous donor. The ' +
    'code, type and names are readable with the donation that names the donor; the citizen or tax ' +
    'id and the contact details also need view-donator (see each field’s @menu).',
})
export class DonorType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'DN-000123, given by the system.' }) code!: string;
  @Field(() => String, {
    description: 'A code of the common list donor-type (commonList(name: "donor-type")).',
  })
  donorType!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Menu(...DONOR_DETAILS)
  @Field(() => String, {
    nullable: true,
    description: '13-digit citizen or tax id; none for an anonymous donor.',
  })
  taxId!: string | null;
  @Menu(...DONOR_DETAILS)
  @Field(() => String, { nullable: true })
  phone!: string | null;
  @Menu(...DONOR_DETAILS)
  @Field(() => String, { nullable: true })
  email!: string | null;
  @Menu(...DONOR_DETAILS)
  @Field(() => String, { nullable: true, description: 'House number, building and road.' })
  addressLine!: string | null;
}

@Identity('id')
@ObjectType('Storage', {
  description:
    'A storage of a division (basic data), where donated goods are received. Readable with the donation that names it.',
})
export class StorageType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Field(() => String, { nullable: true, description: 'House number, building and road.' })
  addressLine!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  /** The owning unit, for `organisation`. */
  ownerUnitId!: number;
  /** `organisation` read ahead (prefetch.ts). */
  prefetched?: Record<string, unknown>;
}

@Identity('id')
@ObjectType('CountingUnit', {
  description: 'A counting unit (basic data), e.g. ชิ้น, กล่อง. Readable with the item that names it.',
})
export class CountingUnitType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
}

@Identity('id')
@ObjectType('Resource', {
  description:
    'A resource (basic data): a kind of goods that can be donated and stored. Readable with the item that names it.',
})
export class ResourceType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
}

@Identity('id')
@ObjectType('MoneyAccount', {
  description:
    'A money account of a division (basic data), which receives money donations. Readable with the donation that names it.',
})
export class MoneyAccountType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Field(() => String, { description: 'A bank code of the common list bank.' }) bankCode!: string;
  @Field(() => String) accountNumber!: string;
  /** The owning unit, for `organisation`. */
  ownerUnitId!: number;
  /** `organisation` read ahead (prefetch.ts). */
  prefetched?: Record<string, unknown>;
}
