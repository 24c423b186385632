// The display helpers live in @sq/contracts so services compose the same text; the ui package offers them too.
export {
  formatThousands,
  formatKrw,
  formatDate,
  seoulDay,
  seoulTime,
  formatPhone,
  isValidPhone,
  PHONE_PATTERN,
} from '@sq/contracts/format';
