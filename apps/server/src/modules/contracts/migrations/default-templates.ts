import type { ContractOrigin } from '@portal/contracts/contracts';

/** The default templates' names; an operator renames or replaces them in the back office. */
export const DEFAULT_TEMPLATE_NAMES: Record<ContractOrigin, string> = {
  listing: '挂牌交易买卖合同（标准版）',
  auction: '竞价交易买卖合同（标准版）',
  tender: '招标采购合同（标准版）',
};

const ORIGIN_LINES: Record<ContractOrigin, string> = {
  listing: '本合同依据买方在平台挂牌（{{originName}}）下达并经卖方确认的订单订立。',
  auction: '本合同依据平台竞价交易（{{originName}}）的成交结果订立。',
  tender: '本合同依据平台招标采购（{{originName}}）的定标结果订立。',
};

/** The platform's standard clauses, shared by the default templates. */
export const DEFAULT_CLAUSES = [
  '<p>1. 质量标准：货物质量按合同约定的规格执行；未约定的，按国家标准或行业标准执行。</p>',
  '<p>2. 验收：买方应在收货后及时验收，对数量、质量有异议的，应在收货后七日内书面提出。</p>',
  '<p>3. 违约责任：任何一方未按约定履行义务的，应承担违约责任；买方未按期付款的，卖方有权解除合同并按平台规则处置保证金。</p>',
  '<p>4. 不可抗力：因不可抗力不能履行合同的，受影响一方应及时通知对方并提供证明，可部分或全部免除责任。</p>',
  '<p>5. 争议解决：因本合同引起的争议，双方协商解决；协商不成的，提交平台所在地人民法院诉讼解决。</p>',
  '<p>6. 本合同经双方以电子签名方式签署并经平台签章后生效，电子签署与书面签署具有同等法律效力。</p>',
].join('');

/** A default template's text: parties, goods, delivery, payment and the standard clauses. */
export function defaultTemplateBody(origin: ContractOrigin): string {
  return [
    '<h1>买卖合同</h1>',
    '<p>合同编号：{{contractNo}}　订单号：{{orderNo}}　签订日期：{{signDate}}</p>',
    `<p>${ORIGIN_LINES[origin]}</p>`,
    '<h2>一、合同双方</h2>',
    '<p>买方（甲方）：{{buyer.name}}　统一社会信用代码：{{buyer.creditCode}}</p>',
    '<p>地址：{{buyer.address}}　联系人：{{buyer.contact}}　电话：{{buyer.phone}}</p>',
    '<p>卖方（乙方）：{{seller.name}}　统一社会信用代码：{{seller.creditCode}}</p>',
    '<p>地址：{{seller.address}}　联系人：{{seller.contact}}　电话：{{seller.phone}}</p>',
    '<h2>二、货物</h2>',
    '<p>品种：{{goods.variety}}　规格：{{goods.spec}}</p>',
    '<p>数量：{{goods.quantity}} {{goods.unit}}　单价：{{goods.unitPrice}}（{{goods.currency}}）</p>',
    '<p>合同金额：{{goods.amount}}（大写：{{goods.amountInWords}}）</p>',
    '<h2>三、交货</h2>',
    '<p>交货地点：{{delivery.place}}　收货地址：{{delivery.address}}</p>',
    '<p>交货期限：{{delivery.period}}　运输方式：{{delivery.transport}}</p>',
    '<h2>四、付款</h2>',
    '<p>付款方式：{{payment.type}}　付款期限：{{payment.deadline}}　保证金：{{payment.deposit}}</p>',
    '<h2>五、平台标准条款</h2>',
    '{{clauses}}',
  ].join('');
}
