import type { Localized } from './i18n';

/** Why a field was refused, in every language; keys are the messages the shared schemas carry. */
export const VALIDATION_REASONS = {
  required: { 'zh-CN': '不能为空', 'en-US': 'is required', 'zh-TW': '不能為空' },
  tooLong: { 'zh-CN': '超出长度上限', 'en-US': 'is too long', 'zh-TW': '超出長度上限' },
  tooShort: { 'zh-CN': '长度不足', 'en-US': 'is too short', 'zh-TW': '長度不足' },
  passwordTooShort: { 'zh-CN': '至少 6 位', 'en-US': 'needs at least 6 characters', 'zh-TW': '至少 6 位' },
  mobilePattern: { 'zh-CN': '不是有效的手机号', 'en-US': 'is not a valid mobile number', 'zh-TW': '不是有效的手機號碼' },
  invalidType: { 'zh-CN': '类型不正确', 'en-US': 'has the wrong type', 'zh-TW': '類型不正確' },
  invalidValue: { 'zh-CN': '取值无效', 'en-US': 'has an invalid value', 'zh-TW': '取值無效' },
  invalidFormat: { 'zh-CN': '格式不正确', 'en-US': 'has the wrong format', 'zh-TW': '格式不正確' },
  unknownField: { 'zh-CN': '是未知字段', 'en-US': 'is not a known field', 'zh-TW': '是未知欄位' },
  tooSmall: { 'zh-CN': '数值过小', 'en-US': 'is too small', 'zh-TW': '數值過小' },
  tooBig: { 'zh-CN': '数值过大', 'en-US': 'is too big', 'zh-TW': '數值過大' },
  usernamePattern: {
    'zh-CN': '只能输入字母、数字和下划线，且以字母开头，长度为 4-20 位',
    'en-US': 'may contain only letters, digits and underscores, must start with a letter, and be 4-20 characters long',
    'zh-TW': '只能輸入字母、數字和底線，且以字母開頭，長度為 4-20 位',
  },
  smsCodePattern: { 'zh-CN': '须为 6 位数字', 'en-US': 'must be 6 digits', 'zh-TW': '須為 6 位數字' },
  pictureCodeLength: { 'zh-CN': '须为 4 个字符', 'en-US': 'must be 4 characters', 'zh-TW': '須為 4 個字元' },
  faxPattern: {
    'zh-CN': '格式不正确，应为区号（3-4 位，可选）加 7-8 位号码，如 010-12345678',
    'en-US': 'must be an optional 3-4 digit area code and 7-8 digits, e.g. 010-12345678',
    'zh-TW': '格式不正確，應為區碼（3-4 位，可選）加 7-8 位號碼，如 010-12345678',
  },
  certNoPattern: { 'zh-CN': '只能输入字母和数字', 'en-US': 'may contain only letters and digits', 'zh-TW': '只能輸入字母和數字' },
  forbiddenCharacter: {
    'zh-CN': '含有不允许的字符（控制字符或文字方向控制符）',
    'en-US': 'contains a character that is not allowed (a control character or a text-direction override)',
    'zh-TW': '含有不允許的字元（控制字元或文字方向控制符）',
  },
  spellingsDiffer: {
    'zh-CN': '两种写法的取值不一致',
    'en-US': 'are two spellings of one field with different values',
    'zh-TW': '兩種寫法的取值不一致',
  },
  mustBeEncrypted: { 'zh-CN': '须加密传输', 'en-US': 'must be sent encrypted', 'zh-TW': '須加密傳輸' },
  notOwnUpload: {
    'zh-CN': '须为本公司上传的文件',
    'en-US': 'must be files your own company uploaded',
    'zh-TW': '須為本公司上傳的檔案',
  },
} as const satisfies Record<string, Localized>;

export type ValidationReason = keyof typeof VALIDATION_REASONS;

/** Maps a zod issue (code and message) to a reason key. */
export function reasonOf(issue: { code: string; message: string; origin?: unknown }): ValidationReason {
  if (issue.message in VALIDATION_REASONS) return issue.message as ValidationReason;
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined/.test(issue.message) ? 'required' : 'invalidType';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooLong' : 'tooBig';
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooShort' : 'tooSmall';
    case 'unrecognized_keys':
      return 'unknownField';
    case 'invalid_value':
    case 'invalid_union':
      return 'invalidValue';
    default:
      return 'invalidFormat';
  }
}
