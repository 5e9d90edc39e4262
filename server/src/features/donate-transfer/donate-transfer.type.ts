import { Field, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';

@Identity('id')
@ObjectType('ReceivingAccount', { description: 'A money account a visitor may transfer a donation into.' })
export class ReceivingAccountType {
  @Field(() => Int) id!: number;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Field(() => String, { description: 'Bank of Thailand code.' }) bankCode!: string;
  @Field(() => String) bankNameTh!: string;
  @Field(() => String) bankNameEn!: string;
  @Field(() => String) accountNumber!: string;
  @Field(() => String, { nullable: true }) branch!: string | null;
  @Field(() => Boolean, { description: 'The account takes PromptPay: promptPayQr gives its QR.' })
  promptPay!: boolean;
}

@Identity('id')
@ObjectType('ReceivingUnit', { description: 'A unit that receives money donations by transfer.' })
export class ReceivingUnitType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String) nameEn!: string;
  @Field(() => String, { nullable: true }) addressLine!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => [ReceivingAccountType]) accounts!: ReceivingAccountType[];
}

@ObjectType('ReceivingProvince')
export class ReceivingProvinceType {
  @Field(() => Int, { nullable: true, description: 'Null for central offices without a province.' })
  provinceId!: number | null;
  @Field(() => String) provinceNameTh!: string;
  @Field(() => String) provinceNameEn!: string;
  @Field(() => [ReceivingUnitType]) units!: ReceivingUnitType[];
}

@ObjectType('PromptPayQr', { description: 'A PromptPay QR (EMVCo merchant-presented) for an account.' })
export class PromptPayQrType {
  @Field(() => String, { description: 'The EMVCo payload the QR encodes, CRC included.' })
  payload!: string;
  @Field(() => String, { description: 'The QR as an SVG document.' })
  svg!: string;
  @Field(() => String, { nullable: true, description: 'The amount the QR asks for, or null.' })
  amount!: string | null;
}
