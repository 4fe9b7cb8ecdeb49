/**
 * An amount written in Chinese capitals (金额大写), as contracts and invoices carry it beside the
 * figures: 壹万零伍佰元整, 叁拾元零伍分. Money is integer cents; the currency word is the caller's.
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
/** Inside a group of four digits, from the highest: thousands, hundreds, tens, ones. */
const PLACES = ['仟', '佰', '拾', ''];
/** Groups of four digits from the lowest: ones, ten thousands, hundred millions, trillions. */
const GROUPS = ['', '万', '亿', '万亿'];
const GROUP = 10_000;

function fourDigits(value: number): string {
  let out = '';
  let zero = false;
  const digits = String(value).padStart(4, '0');
  for (let i = 0; i < 4; i += 1) {
    const d = Number(digits.charAt(i));
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    out += `${DIGITS[d]}${PLACES[i]}`;
    zero = false;
  }
  return out;
}

function wholeNumber(value: number): string {
  const groups: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / GROUP)) groups.push(rest % GROUP);
  let out = '';
  let skipped = false;
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const group = groups[i]!;
    if (group === 0) {
      skipped = out !== '';
      continue;
    }
    // A gap before this group (a zero group, or its own leading zeros) is read as one 零.
    if (out !== '' && (skipped || group < 1000)) out += '零';
    out += fourDigits(group) + GROUPS[i];
    skipped = false;
  }
  return out;
}

/** 123456 cents -> 壹仟贰佰叁拾肆元伍角陆分; 0 -> 零元整; a negative amount starts with 负. */
export function amountInChineseCapitals(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('amount must be whole cents');
  if (cents < 0) return `负${amountInChineseCapitals(-cents)}`;
  if (cents === 0) return '零元整';
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor((cents % 100) / 10);
  const fen = cents % 10;
  let out = yuan > 0 ? `${wholeNumber(yuan)}元` : '';
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0 && fen > 0) out += '零';
  out += fen > 0 ? `${DIGITS[fen]}分` : '整';
  return out;
}
