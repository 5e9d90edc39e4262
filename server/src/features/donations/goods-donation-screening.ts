import type { DocumentLineRow, EffectContext } from '../../kits/documents/document-kit';
import { validationError } from '../../kits/reference/reference-check';
import type { FieldError } from '../../kits/reference/reference-kit';

// Screening a goods donation (add-screen-donate-things, MN-039): per line the quantity accepted and
// the quantity rejected, which together are what was donated; the screen status says which of the
// two it is; accepted goods get a classification (urgent, non-urgent, non-priority) and rejected
// goods a reason. Only the accepted quantity is received into stock at level-2 approval.

/** A decimal of at most 3 places as whole thousandths, so sums compare exactly. */
const thousandths = (value: unknown) => Math.round(Number(value ?? 0) * 1000);

function lineErrors(line: DocumentLineRow): FieldError[] {
  const at = (name: string) => `lines.${line.lineNo - 1}.${name}`;
  const quantity = thousandths(line.quantity);
  const accepted = thousandths(line.acceptedQuantity);
  const rejected = thousandths(line.rejectedQuantity);
  if (accepted + rejected !== quantity) {
    const donated = (quantity / 1000).toString();
    return [
      {
        field: at('acceptedQuantity'),
        messageTh: `จำนวนที่รับรวมกับจำนวนที่ไม่รับต้องเท่ากับจำนวนที่บริจาค (${donated})`,
        messageEn: `The quantities accepted and rejected must add up to the quantity donated (${donated})`,
      },
    ];
  }
  const errors: FieldError[] = [];
  const expected = rejected === 0 ? 'ACCEPTED' : accepted === 0 ? 'REJECTED' : 'PARTLY_ACCEPTED';
  if (line.screenStatus !== expected) {
    const words = {
      ACCEPTED: { th: 'รับทั้งหมด', en: 'accepted' },
      REJECTED: { th: 'ไม่รับ', en: 'rejected' },
      PARTLY_ACCEPTED: { th: 'รับบางส่วน', en: 'partly accepted' },
    }[expected];
    errors.push({
      field: at('screenStatus'),
      messageTh: `ผลการคัดกรองต้องเป็น "${words.th}" ตามจำนวนที่รับและไม่รับ`,
      messageEn: `By the quantities accepted and rejected, the screening result must be "${words.en}"`,
    });
  }
  if (accepted > 0 && !line.classification)
    errors.push({
      field: at('classification'),
      messageTh: 'กรุณาระบุความเร่งด่วนของสิ่งของที่รับ',
      messageEn: 'Classify the goods accepted (urgent, non-urgent or non-priority)',
    });
  if (rejected > 0 && !line.screenReason)
    errors.push({
      field: at('screenReason'),
      messageTh: 'กรุณาระบุเหตุผลที่ไม่รับสิ่งของ',
      messageEn: 'Give the reason the goods were rejected',
    });
  return errors;
}

/** SCREEN: the values entered per line must agree with each other and with what was donated. */
export async function checkScreening(ctx: EffectContext): Promise<void> {
  const errors = ctx.lines.flatMap(lineErrors);
  if (errors.length) throw validationError(errors);
}
