import { CONTRACT_EVENT_LABELS, CONTRACT_SIDE_LABELS, type ContractEventKind, type ContractSide } from '@portal/contracts/contracts';
import type { Lang } from '@portal/contracts/i18n';
import { htmlBlocks, renderBlocks, type Block } from './pdf-layout';

const WORDS = {
  page: {
    'zh-CN': '合同编号 {no}　第 {n} 页 / 共 {m} 页',
    'en-US': 'Contract {no}  page {n} of {m}',
    'zh-TW': '合約編號 {no}　第 {n} 頁 / 共 {m} 頁',
  },
  certificate: { 'zh-CN': '签署完成证明', 'en-US': 'Certificate of completion', 'zh-TW': '簽署完成證明' },
  certPage: {
    'zh-CN': '签署完成证明 {no}　第 {n} 页 / 共 {m} 页',
    'en-US': 'Certificate of completion {no}  page {n} of {m}',
    'zh-TW': '簽署完成證明 {no}　第 {n} 頁 / 共 {m} 頁',
  },
  contract: { 'zh-CN': '合同编号', 'en-US': 'Contract', 'zh-TW': '合約編號' },
  order: { 'zh-CN': '订单号', 'en-US': 'Order', 'zh-TW': '訂單號' },
  original: { 'zh-CN': '原始文件 SHA-256', 'en-US': 'Original file SHA-256', 'zh-TW': '原始檔案 SHA-256' },
  signedFile: { 'zh-CN': '签署后文件 SHA-256', 'en-US': 'Signed file SHA-256', 'zh-TW': '簽署後檔案 SHA-256' },
  parties: { 'zh-CN': '签署方', 'en-US': 'Signatories', 'zh-TW': '簽署方' },
  trail: { 'zh-CN': '审计记录', 'en-US': 'Audit trail', 'zh-TW': '稽核記錄' },
  chain: { 'zh-CN': '审计链摘要', 'en-US': 'Audit chain digest', 'zh-TW': '稽核鏈摘要' },
  signedBy: { 'zh-CN': '签署人 {who}，时间 {at}', 'en-US': 'signed by {who} at {at}', 'zh-TW': '簽署人 {who}，時間 {at}' },
  platform: { 'zh-CN': '平台', 'en-US': 'platform', 'zh-TW': '平台' },
  note: {
    'zh-CN': '本页由平台在双方签署后生成并随合同一并签章；可在平台“合同验证”页面上传本文件核验。',
    'en-US':
      "The platform made this page after both signatures and sealed it with the contract; upload this file on the platform's contract check page to verify it.",
    'zh-TW': '本頁由平台在雙方簽署後生成並隨合約一併簽章；可在平台「合約驗證」頁面上傳本檔案核驗。',
  },
} satisfies Record<string, Record<Lang, string>>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => String(values[k] ?? ''));

/** The contract as first generated: the filled template in the template's language. */
export function renderContract(html: string, c: { contractNo: string; lang: Lang; at: Date; title: string }): Promise<Uint8Array> {
  return renderBlocks(htmlBlocks(html), {
    title: c.title,
    at: c.at,
    footer: (n, m) => fill(WORDS.page[c.lang], { no: c.contractNo, n, m }),
  });
}

export interface CertificateFacts {
  contractNo: string;
  orderNo: string;
  lang: Lang;
  at: Date;
  originalSha256: string;
  signedSha256: string;
  parties: { side: ContractSide; companyName: string; creditCode: string; signerName: string; signedAt: string }[];
  events: { kind: ContractEventKind; actorName: string; companyName: string; at: string; ip: string; userAgent: string; digest: string }[];
}

/** The certificate of completion: the parties, who signed when, and every event of the audit trail with its chain digest. */
export function renderCertificate(f: CertificateFacts): Promise<Uint8Array> {
  const w = (key: keyof typeof WORDS) => WORDS[key][f.lang];
  const blocks: Block[] = [
    { kind: 'h1', text: w('certificate') },
    { kind: 'p', text: `${w('contract')}: ${f.contractNo}    ${w('order')}: ${f.orderNo}` },
    { kind: 'small', text: `${w('original')}: ${f.originalSha256}` },
    { kind: 'small', text: `${w('signedFile')}: ${f.signedSha256}` },
    { kind: 'h2', text: w('parties') },
    ...f.parties.map((p): Block => ({
      kind: 'li',
      text: `${CONTRACT_SIDE_LABELS[p.side][f.lang]}: ${p.companyName}${p.creditCode ? ` (${p.creditCode})` : ''}, ${fill(w('signedBy'), { who: p.signerName, at: p.signedAt })}`,
    })),
    { kind: 'h2', text: w('trail') },
    ...f.events.flatMap((e): Block[] => [
      {
        kind: 'li',
        text: `${e.at}  ${CONTRACT_EVENT_LABELS[e.kind][f.lang]}  ${e.actorName || w('platform')}${e.companyName ? ` (${e.companyName})` : ''}${e.ip ? `  ${e.ip}` : ''}`,
      },
      ...(e.userAgent ? [{ kind: 'small' as const, text: e.userAgent }] : []),
      { kind: 'small', text: `#${e.digest}` },
    ]),
    { kind: 'small', text: `${w('chain')}: ${f.events.at(-1)?.digest ?? ''}` },
    { kind: 'p', text: w('note') },
  ];
  return renderBlocks(blocks, {
    title: w('certificate'),
    at: f.at,
    footer: (n, m) => fill(WORDS.certPage[f.lang], { no: f.contractNo, n, m }),
  });
}
