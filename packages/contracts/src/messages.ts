import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { interpolate, type Lang, type Localized } from './i18n';
import { idTextSchema, pageNoSchema, pageOf, pageSizeSchema } from './paging';
import { PLATFORM_TIME_ZONE, readerParams, type Reader } from './reader';

/** What a company user needs for the message centre, its bell and its live stream. */
export const MESSAGE_PERMISSION = 'trade:message';

/** The message centre's default page size (the portal's 8/16/24/32). */
export const MESSAGE_PAGE_SIZE = 16;
/** Most messages one `read` call may mark. */
export const MESSAGE_READ_MAX = 100;

/** A message's title and text in one language; `{name}` placeholders are filled from its params. */
interface Template {
  title: Localized;
  text: Localized;
}

const t = (title: [string, string, string], text: [string, string, string]): Template => ({
  title: { 'zh-CN': title[0], 'en-US': title[1], 'zh-TW': title[2] },
  text: { 'zh-CN': text[0], 'en-US': text[1], 'zh-TW': text[2] },
});

/**
 * Every kind of message, with its title and text in three languages. Params carry values, never
 * words in one language (readerParams makes them the reader's): orderNo, goodsName, quantity (a
 * number) with unit, amount (integer cents) with currency, party (the other company's name), reason
 * (a person's text), deadline and time (UTC ISO), listingCode, reference (`order:<no>` …), tenderNo,
 * tenderName, count; auctions: spaceName, pieceName, aliasNo, tradeStatus (the outcome's code).
 */
export const MESSAGE_TEMPLATES = {
  'order.placed': t(
    ['新订单', 'New order', '新訂單'],
    [
      '{party} 订购了 {goodsName} {quantity}，订单号 {orderNo}，请及时确认。',
      '{party} ordered {quantity} of {goodsName} (order {orderNo}). Please confirm it.',
      '{party} 訂購了 {goodsName} {quantity}，訂單號 {orderNo}，請及時確認。',
    ],
  ),
  'order.settled': t(
    ['成交订单', 'Order from a result', '成交訂單'],
    [
      '与 {party} 的成交已生成订单 {orderNo}（{goodsName} {quantity}），请按时付款或等待付款。',
      'The deal with {party} became order {orderNo} ({quantity} of {goodsName}). Pay, or wait for payment, in time.',
      '與 {party} 的成交已生成訂單 {orderNo}（{goodsName} {quantity}），請按時付款或等待付款。',
    ],
  ),
  'order.confirmed': t(
    ['订单已确认', 'Order confirmed', '訂單已確認'],
    [
      '卖方已确认订单 {orderNo}（{goodsName}），请按时付款。',
      'The seller confirmed order {orderNo} ({goodsName}). Please pay in time.',
      '賣方已確認訂單 {orderNo}（{goodsName}），請按時付款。',
    ],
  ),
  'order.refused': t(
    ['订单被拒绝', 'Order refused', '訂單被拒絕'],
    [
      '卖方拒绝了订单 {orderNo}（{goodsName}）：{reason}',
      'The seller refused order {orderNo} ({goodsName}): {reason}',
      '賣方拒絕了訂單 {orderNo}（{goodsName}）：{reason}',
    ],
  ),
  'order.cancelled': t(
    ['订单已取消', 'Order cancelled', '訂單已取消'],
    [
      '订单 {orderNo}（{goodsName}）已取消：{reason}',
      'Order {orderNo} ({goodsName}) was cancelled: {reason}',
      '訂單 {orderNo}（{goodsName}）已取消：{reason}',
    ],
  ),
  'order.paid': t(
    ['买方已付款', 'Payment reported', '買方已付款'],
    [
      '买方报告已支付订单 {orderNo} 的货款 {amount}，请核对后确认收款。',
      'The buyer reports paying {amount} for order {orderNo}. Please check and confirm the payment.',
      '買方報告已支付訂單 {orderNo} 的貨款 {amount}，請核對後確認收款。',
    ],
  ),
  'order.paymentConfirmed': t(
    ['卖方已确认收款', 'Payment confirmed', '賣方已確認收款'],
    [
      '卖方已确认收到订单 {orderNo} 的货款，等待发货。',
      'The seller confirmed receiving the payment for order {orderNo}; shipment follows.',
      '賣方已確認收到訂單 {orderNo} 的貨款，等待發貨。',
    ],
  ),
  'order.shipped': t(
    ['卖方已发货', 'Goods shipped', '賣方已發貨'],
    [
      '订单 {orderNo}（{goodsName}）已发货，收到货物后请确认收货。',
      'Order {orderNo} ({goodsName}) has shipped. Please confirm receipt when the goods arrive.',
      '訂單 {orderNo}（{goodsName}）已發貨，收到貨物後請確認收貨。',
    ],
  ),
  'order.completed': t(
    ['订单已完成', 'Order completed', '訂單已完成'],
    ['订单 {orderNo}（{goodsName}）已完成。', 'Order {orderNo} ({goodsName}) is complete.', '訂單 {orderNo}（{goodsName}）已完成。'],
  ),
  'order.deadlineNear': t(
    ['订单即将到期', 'Order deadline near', '訂單即將到期'],
    [
      '订单 {orderNo} 须在 {deadline} 前处理，逾期将自动处理。',
      'Order {orderNo} must be acted on before {deadline}; after that it is handled automatically.',
      '訂單 {orderNo} 須在 {deadline} 前處理，逾期將自動處理。',
    ],
  ),
  'listing.approved': t(
    ['挂牌审核通过', 'Listing approved', '掛牌審核通過'],
    [
      '您的挂牌 {goodsName}（{listingCode}）已审核通过并上架。',
      'Your listing {goodsName} ({listingCode}) was approved and is on sale.',
      '您的掛牌 {goodsName}（{listingCode}）已審核通過並上架。',
    ],
  ),
  'listing.rejected': t(
    ['挂牌审核未通过', 'Listing rejected', '掛牌審核未通過'],
    [
      '您的挂牌 {goodsName}（{listingCode}）未通过审核：{reason}',
      'Your listing {goodsName} ({listingCode}) was rejected: {reason}',
      '您的掛牌 {goodsName}（{listingCode}）未通過審核：{reason}',
    ],
  ),
  'listing.suspended': t(
    ['挂牌已暂停', 'Listing suspended', '掛牌已暫停'],
    [
      '您的挂牌 {goodsName}（{listingCode}）已被平台暂停：{reason}',
      'The platform suspended your listing {goodsName} ({listingCode}): {reason}',
      '您的掛牌 {goodsName}（{listingCode}）已被平台暫停：{reason}',
    ],
  ),
  'listing.reinstated': t(
    ['挂牌已恢复', 'Listing reinstated', '掛牌已恢復'],
    [
      '您的挂牌 {goodsName}（{listingCode}）已恢复上架。',
      'Your listing {goodsName} ({listingCode}) is on sale again.',
      '您的掛牌 {goodsName}（{listingCode}）已恢復上架。',
    ],
  ),
  'listing.expired': t(
    ['挂牌已到期', 'Listing expired', '掛牌已到期'],
    [
      '您的挂牌 {goodsName}（{listingCode}）已到期下架。',
      'Your listing {goodsName} ({listingCode}) has expired and left the market.',
      '您的掛牌 {goodsName}（{listingCode}）已到期下架。',
    ],
  ),
  'auction.approved': t(
    ['竞价审核通过', 'Auction approved', '競價審核通過'],
    [
      '您的竞价场次“{spaceName}”已审核通过，将于 {time} 开始。',
      'Your auction “{spaceName}” was approved; it starts at {time}.',
      '您的競價場次「{spaceName}」已審核通過，將於 {time} 開始。',
    ],
  ),
  'auction.rejected': t(
    ['竞价审核未通过', 'Auction rejected', '競價審核未通過'],
    [
      '您的竞价场次“{spaceName}”未通过审核：{reason}',
      'Your auction “{spaceName}” was rejected: {reason}',
      '您的競價場次「{spaceName}」未通過審核：{reason}',
    ],
  ),
  'auction.invited': t(
    ['竞价邀请', 'Auction invitation', '競價邀請'],
    [
      '{party} 邀请您参加竞价“{spaceName}”，{time} 开始，请在报名截止前报名。',
      '{party} invites you to the auction “{spaceName}”, starting {time}. Register before registration closes.',
      '{party} 邀請您參加競價「{spaceName}」，{time} 開始，請在報名截止前報名。',
    ],
  ),
  'auction.registered': t(
    ['竞价报名成功', 'Registered for an auction', '競價報名成功'],
    [
      '您已报名竞价“{spaceName}”，竞买代号 {alias}。',
      'You registered for the auction “{spaceName}” as {alias}.',
      '您已報名競價「{spaceName}」，競買代號 {alias}。',
    ],
  ),
  'auction.started': t(
    ['竞价已开始', 'Auction started', '競價已開始'],
    ['竞价“{spaceName}”已开始。', 'The auction “{spaceName}” has started.', '競價「{spaceName}」已開始。'],
  ),
  'auction.suspended': t(
    ['竞价已暂停', 'Auction suspended', '競價已暫停'],
    [
      '竞价“{spaceName}”已被平台暂停：{reason}',
      'The platform suspended the auction “{spaceName}”: {reason}',
      '競價「{spaceName}」已被平台暫停：{reason}',
    ],
  ),
  'auction.resumed': t(
    ['竞价已恢复', 'Auction resumed', '競價已恢復'],
    ['竞价“{spaceName}”已恢复：{reason}', 'The auction “{spaceName}” has resumed: {reason}', '競價「{spaceName}」已恢復：{reason}'],
  ),
  'auction.withdrawn': t(
    ['竞价已撤回', 'Auction withdrawn', '競價已撤回'],
    [
      '竞价“{spaceName}”已被发布方撤回，您的报名保证金已解冻。',
      'The auction “{spaceName}” was withdrawn by its publisher; your registration deposit was released.',
      '競價「{spaceName}」已被發佈方撤回，您的報名保證金已解凍。',
    ],
  ),
  'auction.cancelled': t(
    ['竞价已被平台终止', 'Auction withdrawn by the platform', '競價已被平台終止'],
    [
      '竞价“{spaceName}”已被平台终止：{reason}。报名保证金已解冻。',
      'The platform withdrew the auction “{spaceName}”: {reason}. Registration deposits were released.',
      '競價「{spaceName}」已被平台終止：{reason}。報名保證金已解凍。',
    ],
  ),
  'auction.won': t(
    ['竞价成交', 'Auction won', '競價成交'],
    [
      '您在竞价“{spaceName}”的标的“{pieceName}”成交：{quantity}，价格 {amount}。',
      'You won lot “{pieceName}” of the auction “{spaceName}”: {quantity} at {amount}.',
      '您在競價「{spaceName}」的標的「{pieceName}」成交：{quantity}，價格 {amount}。',
    ],
  ),
  'auction.lost': t(
    ['竞价未成交', 'Auction not won', '競價未成交'],
    [
      '竞价“{spaceName}”的标的“{pieceName}”已结束，您未成交。',
      'Lot “{pieceName}” of the auction “{spaceName}” closed without a deal for you.',
      '競價「{spaceName}」的標的「{pieceName}」已結束，您未成交。',
    ],
  ),
  'auction.closed': t(
    ['标的竞价结束', 'Lot closed', '標的競價結束'],
    [
      '您的竞价“{spaceName}”的标的“{pieceName}”已结束：{outcome}。',
      'Lot “{pieceName}” of your auction “{spaceName}” has closed: {outcome}.',
      '您的競價「{spaceName}」的標的「{pieceName}」已結束：{outcome}。',
    ],
  ),
  'auction.reserveDecision': t(
    ['请确认是否成交', 'Decide on the best bid', '請確認是否成交'],
    [
      '标的“{pieceName}”的最优出价 {amount} 未达保留价，请在 {deadline} 前决定是否成交，逾期视为不成交。',
      'The best bid on lot “{pieceName}”, {amount}, missed your reserve. Decide before {deadline}; after that there is no deal.',
      '標的「{pieceName}」的最優出價 {amount} 未達保留價，請在 {deadline} 前決定是否成交，逾期視為不成交。',
    ],
  ),
  'deposit.credited': t(
    ['保证金入账', 'Deposit credited', '保證金入帳'],
    [
      '保证金账户入账 {amount}（{reference}）。',
      '{amount} was credited to your deposit account ({reference}).',
      '保證金帳戶入帳 {amount}（{reference}）。',
    ],
  ),
  'deposit.debited': t(
    ['保证金出账', 'Deposit debited', '保證金出帳'],
    [
      '保证金账户出账 {amount}（{reference}）。',
      '{amount} was paid out of your deposit account ({reference}).',
      '保證金帳戶出帳 {amount}（{reference}）。',
    ],
  ),
  'deposit.frozen': t(
    ['保证金冻结', 'Deposit frozen', '保證金凍結'],
    [
      '保证金 {amount} 已冻结（{reference}）。',
      '{amount} of your deposit was frozen ({reference}).',
      '保證金 {amount} 已凍結（{reference}）。',
    ],
  ),
  'deposit.released': t(
    ['保证金解冻', 'Deposit released', '保證金解凍'],
    [
      '保证金 {amount} 已解冻（{reference}）。',
      '{amount} of your deposit was released ({reference}).',
      '保證金 {amount} 已解凍（{reference}）。',
    ],
  ),
  'deposit.forfeited': t(
    ['保证金罚没', 'Deposit forfeited', '保證金罰沒'],
    [
      '保证金 {amount} 因违约划转给对方（{reference}）。',
      '{amount} of your deposit was forfeited to the other party ({reference}).',
      '保證金 {amount} 因違約劃轉給對方（{reference}）。',
    ],
  ),
  'tender.published': t(
    ['新招标', 'New tender', '新招標'],
    [
      '{party} 发布了招标 {tenderName}（{tenderNo}），投标截止 {deadline}。',
      '{party} published the tender {tenderName} ({tenderNo}); bids close at {deadline}.',
      '{party} 發佈了招標 {tenderName}（{tenderNo}），投標截止 {deadline}。',
    ],
  ),
  'tender.approved': t(
    ['招标审核通过', 'Tender approved', '招標審核通過'],
    [
      '您的招标 {tenderName}（{tenderNo}）已审核通过并发布。',
      'Your tender {tenderName} ({tenderNo}) was approved and published.',
      '您的招標 {tenderName}（{tenderNo}）已審核通過並發佈。',
    ],
  ),
  'tender.rejected': t(
    ['招标审核未通过', 'Tender rejected', '招標審核未通過'],
    [
      '您的招标 {tenderName}（{tenderNo}）未通过审核：{reason}',
      'Your tender {tenderName} ({tenderNo}) was rejected: {reason}',
      '您的招標 {tenderName}（{tenderNo}）未通過審核：{reason}',
    ],
  ),
  'tender.cancelled': t(
    ['招标已取消', 'Tender cancelled', '招標已取消'],
    [
      '招标 {tenderName}（{tenderNo}）已被招标方取消：{reason}',
      'The buyer cancelled the tender {tenderName} ({tenderNo}): {reason}',
      '招標 {tenderName}（{tenderNo}）已被招標方取消：{reason}',
    ],
  ),
  'tender.opened': t(
    ['招标已开标', 'Tender opened', '招標已開標'],
    [
      '招标 {tenderName}（{tenderNo}）已开标，共 {count} 份投标，可核对您的回执摘要。',
      'The tender {tenderName} ({tenderNo}) was opened with {count} bids; you can check your receipt digest.',
      '招標 {tenderName}（{tenderNo}）已開標，共 {count} 份投標，可核對您的回執摘要。',
    ],
  ),
  'tender.failed': t(
    ['招标流标', 'Tender failed', '招標流標'],
    [
      '招标 {tenderName}（{tenderNo}）流标：{reason}',
      'The tender {tenderName} ({tenderNo}) failed: {reason}',
      '招標 {tenderName}（{tenderNo}）流標：{reason}',
    ],
  ),
  'tender.negotiation': t(
    ['招标议价/澄清', 'Tender negotiation', '招標議價／澄清'],
    [
      '招标 {tenderName}（{tenderNo}）请您在 {deadline} 前答复：{reason}',
      'The tender {tenderName} ({tenderNo}) asks for your answer before {deadline}: {reason}',
      '招標 {tenderName}（{tenderNo}）請您在 {deadline} 前答覆：{reason}',
    ],
  ),
  'tender.negotiated': t(
    ['议价/澄清已截止', 'Negotiation closed', '議價／澄清已截止'],
    [
      '招标 {tenderName}（{tenderNo}）的议价/澄清已截止，收到 {count} 份答复，可以授标。',
      'The negotiation round of {tenderName} ({tenderNo}) closed with {count} answers; the tender can be awarded.',
      '招標 {tenderName}（{tenderNo}）的議價／澄清已截止，收到 {count} 份答覆，可以授標。',
    ],
  ),
  'tender.won': t(
    ['中标通知', 'Tender won', '中標通知'],
    [
      '恭喜，您在招标 {tenderName}（{tenderNo}）中标，已生成订单。',
      'You won the tender {tenderName} ({tenderNo}); the orders have been made.',
      '恭喜，您在招標 {tenderName}（{tenderNo}）中標，已生成訂單。',
    ],
  ),
  'tender.lost': t(
    ['未中标通知', 'Tender not won', '未中標通知'],
    [
      '招标 {tenderName}（{tenderNo}）已定标，您未中标，感谢参与。',
      'The tender {tenderName} ({tenderNo}) was awarded to others. Thank you for bidding.',
      '招標 {tenderName}（{tenderNo}）已定標，您未中標，感謝參與。',
    ],
  ),
  'supplier.applied': t(
    ['供应商申请', 'Supplier application', '供應商申請'],
    [
      '{party} 申请加入您的供应商名单：{reason}',
      '{party} asks to join your supplier list: {reason}',
      '{party} 申請加入您的供應商名單：{reason}',
    ],
  ),
  'supplier.accepted': t(
    ['供应商申请已通过', 'Application accepted', '供應商申請已通過'],
    [
      '{party} 已将您加入供应商名单，您可以参与其招标。',
      '{party} put you on its supplier list; you may bid on its tenders.',
      '{party} 已將您加入供應商名單，您可以參與其招標。',
    ],
  ),
  'supplier.declined': t(
    ['供应商申请未通过', 'Application declined', '供應商申請未通過'],
    ['{party} 未通过您的供应商申请。', '{party} declined your application to its supplier list.', '{party} 未通過您的供應商申請。'],
  ),
  'contract.generated': t(
    ['合同待签署', 'Contract to sign', '合約待簽署'],
    [
      '订单 {orderNo} 的合同 {contractNo} 已生成，请在 {deadline} 前审阅并签署。',
      'Contract {contractNo} for order {orderNo} is ready. Please review and sign it by {deadline}.',
      '訂單 {orderNo} 的合約 {contractNo} 已生成，請在 {deadline} 前審閱並簽署。',
    ],
  ),
  'contract.signed': t(
    ['对方已签署合同', 'Contract signed by the other party', '對方已簽署合約'],
    [
      '{party} 已签署合同 {contractNo}（订单 {orderNo}）。',
      '{party} signed contract {contractNo} (order {orderNo}).',
      '{party} 已簽署合約 {contractNo}（訂單 {orderNo}）。',
    ],
  ),
  'contract.completed': t(
    ['合同签署完成', 'Contract completed', '合約簽署完成'],
    [
      '合同 {contractNo}（订单 {orderNo}）已由双方签署并经平台签章，可下载存档。',
      'Contract {contractNo} (order {orderNo}) is signed by both parties and sealed by the platform; download it for your records.',
      '合約 {contractNo}（訂單 {orderNo}）已由雙方簽署並經平台簽章，可下載存檔。',
    ],
  ),
  'contract.declined': t(
    ['合同被拒签', 'Contract declined', '合約被拒簽'],
    [
      '{party} 拒签了合同 {contractNo}，订单 {orderNo} 已取消：{reason}',
      '{party} declined contract {contractNo}; order {orderNo} is cancelled: {reason}',
      '{party} 拒簽了合約 {contractNo}，訂單 {orderNo} 已取消：{reason}',
    ],
  ),
  'contract.expired': t(
    ['合同签署超时', 'Contract signing deadline passed', '合約簽署逾時'],
    [
      '合同 {contractNo} 未在期限内由双方签署，订单 {orderNo} 已取消。',
      'Contract {contractNo} was not signed by both parties in time; order {orderNo} is cancelled.',
      '合約 {contractNo} 未在期限內由雙方簽署，訂單 {orderNo} 已取消。',
    ],
  ),
} as const satisfies Record<string, Template>;

export type MessageKind = keyof typeof MESSAGE_TEMPLATES;
export const MESSAGE_KINDS = Object.keys(MESSAGE_TEMPLATES) as MessageKind[];

/** The values a message's texts are filled from. */
export type MessageParams = Record<string, string | number>;

/**
 * A message's title and text for its reader (language and time zone), made when it is read; an
 * unknown kind (a newer server's) shows its name. A bare language reads times in the platform's zone.
 */
export function renderMessage(kind: string, params: MessageParams, reader: Reader | Lang): { title: string; text: string } {
  const template = (MESSAGE_TEMPLATES as Record<string, Template>)[kind];
  if (!template) return { title: kind, text: '' };
  const who: Reader = typeof reader === 'string' ? { lang: reader, timeZone: PLATFORM_TIME_ZONE } : reader;
  const shown = readerParams(params, who);
  return { title: interpolate(template.title[who.lang], shown), text: interpolate(template.text[who.lang], shown) };
}

/** The page a message opens: a web route and its query (e.g. an order detail with its orderNo). */
export const messageLinkSchema = z.object({ route: z.string(), query: z.record(z.string(), z.string()).optional() });
export type MessageLink = z.infer<typeof messageLinkSchema>;

/** One message as its reader sees it, title and text in the reader's language. */
export const messageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  text: z.string(),
  link: messageLinkSchema,
  read: z.boolean(),
  /** UTC ISO time it was written. */
  time: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(MESSAGE_PAGE_SIZE),
  /** Only unread (true) or only read (false) messages; all when absent. */
  read: z.boolean().optional(),
});

export const messageReadBodySchema = z.strictObject({
  ids: z.array(idTextSchema).min(1, { message: 'required' }).max(MESSAGE_READ_MAX, { message: 'tooMany' }),
});

export const unreadCountSchema = z.object({ count: z.number().int() });

export const messageEndpoints = {
  page: {
    method: 'POST',
    path: '/omc/api/message/page',
    access: { permission: MESSAGE_PERMISSION },
    body: messagePageBodySchema,
    answer: pageOf(messageSchema),
    summary: "The caller's messages, newest first",
  },
  read: {
    method: 'POST',
    path: '/omc/api/message/read',
    access: { permission: MESSAGE_PERMISSION },
    body: messageReadBodySchema,
    answer: z.array(messageSchema),
    summary: "Marks the caller's messages read (404 when any id is not the caller's); answers them",
  },
  unreadCount: {
    method: 'POST',
    path: '/omc/api/message/unreadCount',
    access: { permission: MESSAGE_PERMISSION },
    answer: unreadCountSchema,
    summary: "How many of the caller's messages are unread (the bell)",
  },
  stream: {
    method: 'GET',
    path: '/omc/api/message/stream',
    access: { permission: MESSAGE_PERMISSION },
    answer: z.null(),
    summary:
      'Server-Sent Events: `message` (id = message id; Last-Event-ID resumes after it), `change` (order, listing, deposit changes of the caller’s company), heartbeat comments',
  },
} as const satisfies Record<string, Endpoint>;

/** The names of the events the stream sends. */
export const STREAM_EVENTS = { message: 'message', change: 'change' } as const;

/** A `change` event's data: what changed, so a page showing it asks again. */
export const changeEventSchema = z.object({ topic: z.string(), key: z.string(), action: z.string() });
export type ChangeNotice = z.infer<typeof changeEventSchema>;
