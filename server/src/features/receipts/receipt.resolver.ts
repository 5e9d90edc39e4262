import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { DocumentType } from '../../kits/documents/document.type';
import type { GraphQLContext } from '../../platform/graphql/context';
import { bahtText } from '../../platform/money/baht-text';
import type { DonationReceipt } from './receipt.entity';
import { DonationReceiptType } from './receipt.type';
import { receiptKindOf, receiptKinds } from './receipt-kinds';
import { loadReceipt } from './receipts';

export const receiptUrls = (id: number) => ({
  pdfUrl: `/api/receipts/${id}/pdf`,
  printViewUrl: `/api/receipts/${id}/print`,
});

export function toReceiptType(receipt: DonationReceipt, menuCodes: ReadonlySet<string>): DonationReceiptType {
  return {
    id: receipt.id,
    kind: receipt.kind,
    number: receipt.number,
    fiscalYear: receipt.fiscalYear,
    issuedOn: receipt.issuedOn,
    amount: receipt.amount,
    amountInWords: bahtText(receipt.amount),
    donorName: receipt.donorName,
    void: receipt.voidedAt !== null,
    voidedAt: receipt.voidedAt,
    voidReason: receipt.voidReason,
    printCount: receipt.printCount,
    // The routes' rule: the print menus of the receipt's kind.
    printable: receiptKinds[receipt.kind].printMenus.some((code) => menuCodes.has(code)),
    ...receiptUrls(receipt.id),
  };
}

/**
 * Document.receipt: the receipt a money donation's approval issued, or the evidence of receipt a
 * goods donation's level-2 approval issued. The document itself was read under its type's menu
 * codes and data scope, so its receipt is the caller's to read.
 */
@Resolver(() => DocumentType)
export class DocumentReceiptResolver {
  @FieldResolver(() => DonationReceiptType, {
    nullable: true,
    description:
      'The receipt issued for it (money donations once approved; goods donations once approved at level 2, the void one after that approval was cancelled); null otherwise.',
  })
  async receipt(@Root() doc: DocumentType, @Ctx() ctx: GraphQLContext): Promise<DonationReceiptType | null> {
    if (!receiptKindOf(doc.type) || !ctx.auth.principal) return null;
    const receipt = await loadReceipt(ctx.em, doc.type, doc.id);
    return receipt ? toReceiptType(receipt, ctx.auth.principal.menuCodes) : null;
  }
}
