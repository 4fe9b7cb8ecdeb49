import type { Localized } from './i18n';

interface ErrorEntry {
  /** The wire code, carried in return_code, error_no and error_code. */
  code: string;
  /** HTTP status: 200 for refusals the page handles itself, else by meaning. */
  status: number;
  message: Localized;
}

const e = (code: string, status: number, zhCN: string, enUS: string, zhTW: string): ErrorEntry => ({
  code,
  status,
  message: { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW },
});

/**
 * The one error catalogue. Negative and 9xxx codes, 111000, 1110xx and 173302/3 keep the meaning the
 * specifications give them; the 100xxx and other positive codes are the project's own.
 */
export const ERRORS = {
  // Session
  SESSION_ELSEWHERE: e(
    '-101',
    401,
    '您的账号已在其他地方登录，或页面已过期，请重新登录',
    'Your account has signed in elsewhere, or the page has expired. Please sign in again.',
    '您的帳號已在其他地方登入，或頁面已過期，請重新登入',
  ),
  PLEASE_LOGIN: e('9006', 401, '请先登录', 'Please sign in first.', '請先登入'),
  SESSION_EXPIRED: e('-100', 401, '会话已过期，请重新登录', 'Your session has expired. Please sign in again.', '會話已過期，請重新登入'),
  SESSION_EXPIRED_ALT: e(
    '9007',
    401,
    '会话已过期，请重新登录',
    'Your session has expired. Please sign in again.',
    '會話已過期，請重新登入',
  ),
  REQUEST_TAMPERED: e(
    '-102',
    403,
    '请求参数异常，请确认您的环境是否安全',
    'Abnormal request parameters. Please make sure your environment is safe.',
    '請求參數異常，請確認您的環境是否安全',
  ),
  NETWORK_CHANGED: e(
    '-103',
    401,
    '网络环境发生变化，请重新登录',
    'Your network environment has changed. Please sign in again.',
    '網路環境發生變化，請重新登入',
  ),
  OCCUPIED_ELSEWHERE: e(
    '9005',
    401,
    '账号已在其他地方登录，请重新登录',
    'The account is in use elsewhere. Please sign in again.',
    '帳號已在其他地方登入，請重新登入',
  ),
  NO_RIGHT: e('-107', 403, '您没有权限操作此功能', 'You have no right to use this function.', '您沒有權限操作此功能'),
  NO_RIGHT_ALT: e('9008', 403, '您没有权限操作此功能', 'You have no right to use this function.', '您沒有權限操作此功能'),
  NO_PERMISSION: e('-106', 403, '没有权限，请联系管理员', 'No permission. Please contact the administrator.', '沒有權限，請聯絡管理員'),
  WRONG_CREDENTIALS: e(
    '-104',
    200,
    '用户名或密码错误，请重新输入',
    'Username or password incorrect. Please re-enter.',
    '使用者名稱或密碼錯誤，請重新輸入',
  ),
  WRONG_CREDENTIALS_ALT: e(
    '-105',
    200,
    '用户名或密码错误，请重新输入',
    'Username or password incorrect. Please re-enter.',
    '使用者名稱或密碼錯誤，請重新輸入',
  ),
  LOGIN_VERIFY_FAILED: e(
    '9004',
    401,
    '服务器登录验证失败，请重新登录',
    'Server sign-in verification failed. Please sign in again.',
    '伺服器登入驗證失敗，請重新登入',
  ),
  VERIFY_CODE_MESSAGE: e('9011', 200, '验证码错误或已失效', 'The verification code is wrong or has expired.', '驗證碼錯誤或已失效'),
  LOCK_STATUS: e('9021', 200, '当前处于锁屏状态', 'The screen is locked.', '目前處於鎖定畫面狀態'),
  SCREEN_LOCKED: e(
    '-5',
    423,
    '屏幕已锁定，请输入登录密码解锁',
    'The screen is locked. Enter your sign-in password to unlock.',
    '畫面已鎖定，請輸入登入密碼解鎖',
  ),
  INFO: e('-1', 200, '提示', 'Notice', '提示'),
  SILENT_A: e('173302', 200, '', '', ''),
  SILENT_B: e('173303', 200, '', '', ''),

  // Codes
  WRONG_PICTURE_CODE: e(
    '111000',
    200,
    '图形验证码错误或已失效，请重新输入',
    'The picture code is wrong or has expired. Please try again.',
    '圖形驗證碼錯誤或已失效，請重新輸入',
  ),
  SMS_TOO_FREQUENT: e(
    '111051',
    429,
    '短信发送过于频繁，请 {seconds} 秒后再试',
    'Messages are being sent too often. Try again in {seconds} s.',
    '簡訊發送過於頻繁，請 {seconds} 秒後再試',
  ),
  SMS_NUMBER_CAP: e(
    '111003',
    429,
    '该手机号发送次数已达上限，请稍后再试',
    'This number has reached its message limit. Try again later.',
    '該手機號碼發送次數已達上限，請稍後再試',
  ),
  SMS_SEND_FAILED: e(
    '111004',
    200,
    '短信发送失败，请稍后再试',
    'The message could not be sent. Try again later.',
    '簡訊發送失敗，請稍後再試',
  ),
  CHANGE_MOBILE_FAILED: e(
    '111052',
    200,
    '修改手机号失败，请重新操作',
    'Changing the mobile number failed. Please start again.',
    '修改手機號碼失敗，請重新操作',
  ),

  // Account rules (project codes)
  USERNAME_EXISTS: e('111101', 200, '该用户名已存在', 'The username already exists.', '該使用者名稱已存在'),
  USERNAME_NOT_EXIST: e('111102', 200, '该用户名不存在', 'The username does not exist.', '該使用者名稱不存在'),
  SMS_CODE_WRONG: e('111103', 200, '短信验证码错误或已失效', 'The SMS code is wrong or has expired.', '簡訊驗證碼錯誤或已失效'),
  ACCOUNT_LOCKED: e(
    '111104',
    200,
    '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'Too many failed sign-ins. The account is locked; try again in {minutes} min.',
    '登入失敗次數過多，帳號已鎖定，請 {minutes} 分鐘後再試',
  ),
  ACCOUNT_DISABLED: e(
    '111105',
    200,
    '账号已停用，请联系管理员',
    'The account is disabled. Please contact the administrator.',
    '帳號已停用，請聯絡管理員',
  ),
  PASSWORD_RULE: e(
    '111106',
    400,
    '密码须为 {min}-{max} 位，且至少包含大写字母、小写字母、数字、符号中的 {kinds} 种',
    'The password must be {min}-{max} characters and include at least {kinds} of: upper-case, lower-case, digits, symbols.',
    '密碼須為 {min}-{max} 位，且至少包含大寫字母、小寫字母、數字、符號中的 {kinds} 種',
  ),
  OLD_PASSWORD_WRONG: e('111107', 200, '原密码错误', 'The current password is wrong.', '原密碼錯誤'),
  AGREEMENT_REQUIRED: e('111108', 400, '请勾选注册协议', 'Please tick the registration agreement.', '請勾選註冊協議'),
  MOBILE_TAKEN: e('111109', 200, '该手机号已被使用', 'This mobile number is already in use.', '該手機號碼已被使用'),
  VERIFY_TOKEN_INVALID: e(
    '111110',
    200,
    '验证已失效，请重新获取短信验证码',
    'The verification has expired. Please request a new SMS code.',
    '驗證已失效，請重新取得簡訊驗證碼',
  ),
  PASSWORD_CONFIRM_MISMATCH: e('111111', 400, '两次输入的密码不一致', 'The two passwords do not match.', '兩次輸入的密碼不一致'),
  TENANT_REQUIRED: e('111112', 400, '请选择租户', 'Please choose a tenant.', '請選擇租戶'),
  THIRD_PARTY_OFF: e('111113', 404, '未配置第三方登录', 'No third-party sign-in is configured.', '未設定第三方登入'),
  SECURITY_KEY_INVALID: e(
    '111120',
    400,
    '安全密钥已失效，请刷新页面后重试',
    'The security key has expired. Refresh the page and try again.',
    '安全金鑰已失效，請重新整理頁面後重試',
  ),
  MOBILE_UNCHANGED: e(
    '111121',
    200,
    '新手机号不能与原手机号相同',
    'The new mobile number must differ from the current one.',
    '新手機號碼不能與原手機號碼相同',
  ),
  MOBILE_NOT_BOUND: e(
    '111122',
    200,
    '该账号未绑定手机号，请联系管理员',
    'This account has no mobile number. Please contact the administrator.',
    '該帳號未綁定手機號碼，請聯絡管理員',
  ),

  // Shell and the user's own settings (project codes)
  NEW_PASSWORD_SAME: e(
    '111301',
    200,
    '新密码不能与原密码相同',
    'The new password must differ from the current one.',
    '新密碼不能與原密碼相同',
  ),
  UNLOCK_PASSWORD_WRONG: e('111302', 200, '密码错误，请重新输入', 'The password is wrong. Please try again.', '密碼錯誤，請重新輸入'),
  PASSWORD_CHANGE_REQUIRED: e(
    '111303',
    403,
    '当前密码为初始密码，请先修改密码',
    'Your password is still the initial one. Please change it first.',
    '目前密碼為初始密碼，請先修改密碼',
  ),
  CROSS_SITE_REFUSED: e(
    '111304',
    403,
    '该请求来自其他网站，已拒绝',
    'This request came from another site and was refused.',
    '該請求來自其他網站，已拒絕',
  ),

  // Portal
  NO_SUPPLY_RELATION: e(
    '112001',
    200,
    '您未与招标方维护供采关系，请联系招标方，维护供采关系',
    'You have no supply relationship with the tenderer. Please contact the tenderer to set one up.',
    '您未與招標方維護供採關係，請聯絡招標方，維護供採關係',
  ),

  // Back office (project codes)
  TENANT_IN_USE: e(
    '113001',
    409,
    '该租户下仍有用户，不能删除',
    'The tenant still has users and cannot be deleted.',
    '該租戶下仍有使用者，不能刪除',
  ),
  TENANT_EXISTS: e('113002', 409, '租户编号已存在', 'The tenant ID already exists.', '租戶編號已存在'),
  CODE_EXISTS: e('113003', 409, '编码已存在', 'The code already exists.', '編碼已存在'),
  RECORD_IN_USE: e(
    '113004',
    409,
    '该记录正在使用中，不能删除',
    'The record is in use and cannot be deleted.',
    '該記錄正在使用中，不能刪除',
  ),
  BUILTIN_RECORD: e(
    '113005',
    409,
    '内置记录不能删除或修改编码',
    'A built-in record cannot be deleted or have its code changed.',
    '內建記錄不能刪除或修改編碼',
  ),
  ACCOUNT_EXISTS: e('113006', 409, '该用户名已存在', 'The username already exists.', '該使用者名稱已存在'),
  MOBILE_IN_USE: e(
    '113007',
    409,
    '该手机号已被其他账号使用',
    'This mobile number is used by another account.',
    '該手機號碼已被其他帳號使用',
  ),
  SELF_OPERATION: e(
    '113008',
    409,
    '不能对当前登录的账号执行此操作',
    'This cannot be done to the account you are signed in with.',
    '不能對目前登入的帳號執行此操作',
  ),
  HAS_CHILDREN: e(
    '113009',
    409,
    '该节点下仍有子节点，不能删除',
    'The node still has children and cannot be deleted.',
    '該節點下仍有子節點，不能刪除',
  ),
  FILE_TYPE_REFUSED: e(
    '113010',
    400,
    '仅支持 PNG、JPEG、GIF、WebP 格式的图片',
    'Only PNG, JPEG, GIF and WebP images are accepted.',
    '僅支援 PNG、JPEG、GIF、WebP 格式的圖片',
  ),
  FILE_TOO_LARGE: e('113011', 400, '文件过大（上限 {limit}）', 'The file is too large (limit {limit}).', '檔案過大（上限 {limit}）'),
  UPLOAD_QUOTA_EXCEEDED: e(
    '113080',
    400,
    '上传空间已满：本企业已用 {used}，上限 {limit}，请删除不用的内容或联系平台管理员',
    'Upload space is full: your company has used {used} of {limit}. Remove unused content or contact the platform administrator.',
    '上傳空間已滿：本企業已用 {used}，上限 {limit}，請刪除不用的內容或聯絡平台管理員',
  ),
  RECORD_EXISTS: e('113014', 409, '该记录已存在', 'The record already exists.', '該記錄已存在'),
  SUPPLIER_EXISTS: e('113012', 409, '该供应商已在列表中', 'The supplier is already on the list.', '該供應商已在清單中'),
  NOT_A_COMPANY: e(
    '113013',
    200,
    '该账号不是企业用户，不能加入供应商列表',
    'This account is not a company user and cannot be a supplier.',
    '該帳號不是企業使用者，不能加入供應商清單',
  ),

  // Deposits (trading.md: deposit accounts and their ledger)
  DEPOSIT_NOT_AVAILABLE: e(
    '130001',
    200,
    '保证金可用余额不足，还差 {missing}',
    'Not enough deposit available: {missing} missing.',
    '保證金可用餘額不足，還差 {missing}',
  ),
  DEPOSIT_FROZEN_SHORT: e(
    '130002',
    409,
    '冻结的保证金不足，还差 {missing}',
    'Less deposit is frozen than this needs: {missing} missing.',
    '凍結的保證金不足，還差 {missing}',
  ),
  DEPOSIT_NOT_A_COMPANY: e(
    '130003',
    200,
    '该账号不是企业用户，没有保证金账户',
    'This account is not a company user and has no deposit account.',
    '該帳號不是企業使用者，沒有保證金帳戶',
  ),

  // Contracts
  CONTRACT_STATE_NOT_ALLOWED: e(
    '160001',
    409,
    '合同当前状态（{state}）不允许此操作',
    'This is not allowed while the contract is {state}.',
    '合約目前狀態（{state}）不允許此操作',
  ),
  CONTRACT_ALREADY_SIGNED: e(
    '160002',
    409,
    '本企业已签署或拒签该合同',
    'Your company has already signed or declined this contract.',
    '本企業已簽署或拒簽該合約',
  ),
  CONTRACT_NOT_SIGNED: e(
    '160003',
    409,
    '合同尚未由双方签署完成，暂不能付款',
    'The contract is not yet signed by both parties, so the order cannot be paid yet.',
    '合約尚未由雙方簽署完成，暫不能付款',
  ),
  CONTRACT_NO_MOBILE: e(
    '160004',
    409,
    '您的账号没有绑定手机号，无法接收签署验证码',
    'Your account has no mobile number to receive the signing code.',
    '您的帳號沒有綁定手機號碼，無法接收簽署驗證碼',
  ),
  CONTRACT_PLACEHOLDER_UNKNOWN: e(
    '160006',
    400,
    '模板中的占位符 {name} 不存在',
    'The template uses an unknown placeholder {name}.',
    '範本中的佔位符 {name} 不存在',
  ),
  CONTRACT_PDF_UNREADABLE: e('160007', 400, '上传的文件不是可读取的 PDF', 'The file is not a readable PDF.', '上傳的檔案不是可讀取的 PDF'),

  // Listings and orders
  STATE_NOT_ALLOWED: e(
    '120001',
    409,
    '当前状态（{state}）不允许此操作',
    'This action is not allowed in the current state ({state}).',
    '目前狀態（{state}）不允許此操作',
  ),
  NOT_ENOUGH_STOCK: e('120002', 409, '库存不足，当前仅剩 {left}', 'Not enough stock: only {left} left.', '庫存不足，目前僅剩 {left}'),
  ORDER_BELOW_MINIMUM: e(
    '120003',
    400,
    '订购数量不能少于起订量 {min}',
    'The quantity must be at least the minimum order of {min}.',
    '訂購數量不能少於起訂量 {min}',
  ),
  ORDER_OFF_STEP: e(
    '120004',
    400,
    '订购数量须为起订量 {min} 加 {step} 的整数倍',
    'The quantity must be the minimum of {min} plus whole steps of {step}.',
    '訂購數量須為起訂量 {min} 加 {step} 的整數倍',
  ),
  OWN_LISTING: e('120005', 409, '不能对本企业的挂牌下单', 'You cannot order on your own company’s listing.', '不能對本企業的掛牌下單'),
  LISTING_NOT_ORDERABLE: e(
    '120006',
    409,
    '采购挂牌不能直接下单，请联系发布方',
    'A purchase listing cannot be ordered on; please contact its publisher.',
    '採購掛牌不能直接下單，請聯繫發佈方',
  ),
  REQUEST_ID_REUSED: e(
    '120007',
    409,
    '该请求编号已用于另一笔订单，请刷新后重试',
    'This request id was already used for a different order. Please reload and try again.',
    '該請求編號已用於另一筆訂單，請重新整理後重試',
  ),
  NO_SUCH_COMPANY: e('120008', 200, '没有该名称的企业', 'No company has this name.', '沒有該名稱的企業'),

  // Sealed tenders
  TENDER_NOT_STARTED: e(
    '150001',
    409,
    '投标尚未开始（开始时间 {time}）',
    'Bidding has not started yet (it opens at {time}).',
    '投標尚未開始（開始時間 {time}）',
  ),
  TENDER_BIDDING_CLOSED: e(
    '150002',
    409,
    '投标已截止（截止时间 {time}）',
    'Bidding has closed (it closed at {time}).',
    '投標已截止（截止時間 {time}）',
  ),
  OWN_TENDER: e('150003', 409, '不能对本企业的招标投标', 'You cannot bid on your own company’s tender.', '不能對本企業的招標投標'),
  BID_LINE_UNKNOWN: e('150004', 400, '招标中没有第 {lineNo} 行', 'The tender has no line {lineNo}.', '招標中沒有第 {lineNo} 行'),
  BID_QUANTITY_OVER_LINE: e(
    '150005',
    400,
    '第 {lineNo} 行的数量不能超过 {max}',
    'The quantity of line {lineNo} must not exceed {max}.',
    '第 {lineNo} 行的數量不能超過 {max}',
  ),
  FINAL_QUOTE_ABOVE_FIRST: e(
    '150006',
    400,
    '第 {lineNo} 行的最终报价不能高于首次报价 {price}',
    'The final quote of line {lineNo} must not exceed the first price of {price}.',
    '第 {lineNo} 行的最終報價不能高於首次報價 {price}',
  ),
  CLARIFICATION_CHANGES_BID: e(
    '150007',
    400,
    '澄清不得改变价格、数量或交货期（第 {lineNo} 行）',
    'A clarification may not change price, quantity or delivery (line {lineNo}).',
    '澄清不得改變價格、數量或交貨期（第 {lineNo} 行）',
  ),
  EVALUATION_INCOMPLETE: e(
    '150008',
    400,
    '须对每份已开标的投标作出评审（缺少 {bidId}）',
    'Every opened bid must be judged (missing {bidId}).',
    '須對每份已開標的投標作出評審（缺少 {bidId}）',
  ),
  INVALID_BID_NEEDS_REASON: e(
    '150009',
    400,
    '判定投标 {bidId} 无效须填写理由',
    'Bid {bidId} is judged invalid: a reason is required.',
    '判定投標 {bidId} 無效須填寫理由',
  ),
  TECHNICAL_SCORE_REQUIRED: e(
    '150010',
    400,
    '综合评分法须为有效投标 {bidId} 填写技术分（0-100）',
    'Scoring needs a technical score (0-100) for valid bid {bidId}.',
    '綜合評分法須為有效投標 {bidId} 填寫技術分（0-100）',
  ),
  AWARD_OVER_LINE: e(
    '150011',
    400,
    '第 {lineNo} 行授标数量合计不能超过 {max}',
    'The quantities awarded on line {lineNo} must not exceed {max} in total.',
    '第 {lineNo} 行授標數量合計不能超過 {max}',
  ),
  AWARD_BID_NOT_ELIGIBLE: e(
    '150012',
    400,
    '投标 {bidId} 不是有效投标，或未对第 {lineNo} 行报价',
    'Bid {bidId} is not a valid bid, or it has no price for line {lineNo}.',
    '投標 {bidId} 不是有效投標，或未對第 {lineNo} 行報價',
  ),
  NEGOTIATION_HELD: e(
    '150013',
    409,
    '每个招标只能进行一轮议价/澄清',
    'A tender has one negotiation round only, and it has been held.',
    '每個招標只能進行一輪議價／澄清',
  ),
  NEGOTIATION_CLOSED: e('150014', 409, '议价/澄清已截止或未开启', 'The negotiation round is not open.', '議價／澄清已截止或未開啟'),
  NOT_A_VALID_BIDDER: e(
    '150015',
    409,
    '只有有效投标的供应商可以答复',
    'Only suppliers with a valid bid may answer.',
    '只有有效投標的供應商可以答覆',
  ),
  FINAL_QUOTE_REQUIRED: e('150016', 400, '询价须填写最终报价', 'An inquiry needs the final quote (lines).', '詢價須填寫最終報價'),
  APPLICATION_PENDING: e(
    '150017',
    409,
    '已有待处理的申请，请等待招标方处理',
    'An application is already waiting for the buyer’s decision.',
    '已有待處理的申請，請等待招標方處理',
  ),
  DEADLINE_TOO_EARLY: e('150018', 400, '截止时间须晚于当前时间', 'The deadline must be later than now.', '截止時間須晚於目前時間'),
  NO_BID: e('150019', 409, '您在该招标中没有可撤回的投标', 'You have no bid on this tender to withdraw.', '您在該招標中沒有可撤回的投標'),
  // Live auctions (1400xx)
  AUCTION_OWN_SPACE: e(
    '140001',
    409,
    '不能参与本企业发布的竞价',
    'You cannot take part in your own company’s auction.',
    '不能參與本企業發佈的競價',
  ),
  AUCTION_NOT_REGISTERED: e(
    '140002',
    409,
    '您尚未报名该竞价场次，不能出价',
    'You have not registered for this auction and cannot bid.',
    '您尚未報名該競價場次，不能出價',
  ),
  AUCTION_REGISTRATION_CLOSED: e(
    '140003',
    409,
    '该场次当前不接受报名（报名截止时间 {deadline}）',
    'This auction does not take registrations now (registration closes at {deadline}).',
    '該場次目前不接受報名（報名截止時間 {deadline}）',
  ),
  AUCTION_BID_TOO_LOW: e(
    '140004',
    409,
    '出价过低，当前最低可出价 {limit}',
    'The bid is too low: the lowest acceptable now is {limit}.',
    '出價過低，目前最低可出價 {limit}',
  ),
  AUCTION_BID_TOO_HIGH: e(
    '140005',
    409,
    '出价过高，当前最高可出价 {limit}',
    'The bid is too high: the highest acceptable now is {limit}.',
    '出價過高，目前最高可出價 {limit}',
  ),
  AUCTION_BID_OFF_STEP: e(
    '140006',
    400,
    '出价须为起拍价 {base} 加减价格幅度 {step} 的整数倍',
    'The price must be the start price {base} plus or minus whole steps of {step}.',
    '出價須為起拍價 {base} 加減價格幅度 {step} 的整數倍',
  ),
  AUCTION_QUANTITY_INVALID: e(
    '140007',
    400,
    '申报数量须为 {min} 加 {step} 的整数倍，且不超过 {max}',
    'The quantity must be {min} plus whole steps of {step}, at most {max}.',
    '申報數量須為 {min} 加 {step} 的整數倍，且不超過 {max}',
  ),
  AUCTION_NOT_OPEN: e(
    '140008',
    409,
    '竞价尚未开始（开始时间 {time}）',
    'Bidding has not started yet (it starts at {time}).',
    '競價尚未開始（開始時間 {time}）',
  ),
  AUCTION_ENDED: e('140009', 409, '该标的竞价已结束', 'Bidding on this lot has ended.', '該標的競價已結束'),
  AUCTION_SUSPENDED: e(
    '140010',
    409,
    '该竞价场次已被平台暂停：{reason}',
    'The platform has suspended this auction: {reason}',
    '該競價場次已被平台暫停：{reason}',
  ),
  AUCTION_BID_TOO_FAST: e(
    '140011',
    429,
    '出价过于频繁，每秒最多 {limit} 次',
    'Too many bids: at most {limit} a second.',
    '出價過於頻繁，每秒最多 {limit} 次',
  ),
  AUCTION_REQUEST_ID_REUSED: e(
    '140012',
    409,
    '该请求编号已用于另一笔出价，请刷新后重试',
    'This request id was already used for a different bid. Please reload and try again.',
    '該請求編號已用於另一筆出價，請重新整理後重試',
  ),
  AUCTION_RESULT_NOT_READY: e(
    '140013',
    409,
    '竞价尚未结束，暂无结果',
    'The auction has not closed yet; there is no result.',
    '競價尚未結束，暫無結果',
  ),
  AUCTION_TIMES_INVALID: e(
    '140014',
    400,
    '竞价时间不正确：结束时间须晚于开始时间至少 {seconds} 秒，报名截止不得晚于开始时间',
    'Invalid auction times: the end must be at least {seconds} s after the start, and registration must close by the start.',
    '競價時間不正確：結束時間須晚於開始時間至少 {seconds} 秒，報名截止不得晚於開始時間',
  ),
  AUCTION_BEGIN_TOO_SOON: e(
    '140015',
    409,
    '开始时间须在提交后至少 {minutes} 分钟（当前最早 {earliest}）',
    'The start must be at least {minutes} minutes after submitting (the earliest now is {earliest}).',
    '開始時間須在提交後至少 {minutes} 分鐘（目前最早 {earliest}）',
  ),
  AUCTION_PIECE_INVALID: e(
    '140016',
    400,
    '标的“{piece}”设置不正确：{reason}',
    'Lot “{piece}” is not set up correctly: {reason}',
    '標的「{piece}」設定不正確：{reason}',
  ),

  // Generic (project codes)
  VALIDATION: e('100001', 400, '参数错误：{field} {reason}', 'Invalid input: {field} {reason}', '參數錯誤：{field} {reason}'),
  MALFORMED_JSON: e('100002', 400, '请求内容不是有效的 JSON', 'The request body is not valid JSON.', '請求內容不是有效的 JSON'),
  BODY_TOO_LARGE: e(
    '100003',
    400,
    '请求内容过大（上限 {limit}）',
    'The request body is too large (limit {limit}).',
    '請求內容過大（上限 {limit}）',
  ),
  NOT_FOUND: e('100004', 404, '记录不存在', 'The record does not exist.', '記錄不存在'),
  ROUTE_NOT_FOUND: e('100005', 404, '接口不存在', 'No such endpoint.', '介面不存在'),
  RATE_LIMITED: e('100006', 429, '操作过于频繁，请稍后再试', 'Too many requests. Please try again later.', '操作過於頻繁，請稍後再試'),
  INTERNAL: e(
    '100007',
    500,
    '系统异常，请稍后重试（请求编号 {requestId}）',
    'System error, please try again later (request {requestId}).',
    '系統異常，請稍後重試（請求編號 {requestId}）',
  ),
  CONFLICT: e(
    '100008',
    409,
    '数据已被修改，请刷新后重试',
    'The data has changed. Refresh and try again.',
    '資料已被修改，請重新整理後重試',
  ),
  UNSUPPORTED_MEDIA: e('100009', 400, '不支持的请求内容类型', 'Unsupported request content type.', '不支援的請求內容類型'),
  /** The database or Redis is out of reach for a moment (a restart): the request may be sent again as it was. */
  SERVICE_UNAVAILABLE: e(
    '100010',
    503,
    '服务暂时不可用，请稍后重试；重试同一请求是安全的',
    'The service is briefly unavailable. Please try again shortly; sending the same request again is safe.',
    '服務暫時無法使用，請稍後重試；重試同一請求是安全的',
  ),
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKey = keyof typeof ERRORS;

const byCode = new Map<string, ErrorEntry>(Object.values(ERRORS).map((entry) => [entry.code, entry]));

/** The catalogue entry of a wire code, if the code is ours. */
export function errorByCode(code: string): ErrorEntry | undefined {
  return byCode.get(code);
}
