import type { ContractDetail, ContractRow, ContractVerifyAnswer } from '@portal/contracts/contracts';

/** A contract as the server answers it, awaiting both signatures, the reader being the buyer. */
export function contractRow(contractNo: string, over: Partial<ContractRow> = {}): ContractRow {
  return {
    contractNo,
    orderNo: '2026112500000001',
    origin: 'listing',
    originCode: 'GP202611250001',
    marketId: 'coal',
    state: 1,
    lang: 'zh-CN',
    templateCode: 'TPL-LISTING',
    templateVersion: 2,
    buyerName: 'Hebei Steel Trading',
    sellerName: 'Shaanxi Coal Chemicals',
    goodsName: 'Q5500 thermal coal',
    amount: 8_500_000,
    currency: 'CNY',
    createdAt: '2026-11-25T08:00:00.000Z',
    signBy: '2026-11-27T08:00:00.000Z',
    completedAt: '',
    mySide: 'buyer',
    myPartyState: 0,
    ...over,
  };
}

export function contractDetail(contractNo: string, over: Partial<ContractDetail> = {}): ContractDetail {
  return {
    ...contractRow(contractNo),
    parties: [
      {
        side: 'buyer',
        companyName: 'Hebei Steel Trading',
        creditCode: '91130000000000001X',
        state: 0,
        signerName: '',
        signedAt: '',
        declinedAt: '',
        declineReason: '',
      },
      {
        side: 'seller',
        companyName: 'Shaanxi Coal Chemicals',
        creditCode: '91610000000000002X',
        state: 1,
        signerName: 'Li Na',
        signedAt: '2026-11-25T09:00:00.000Z',
        declinedAt: '',
        declineReason: '',
      },
    ],
    events: [{ kind: 'generated', actorName: '', companyName: '', at: '2026-11-25T08:00:00.000Z', ip: '', userAgent: '', note: '' }],
    sha256: 'ab'.repeat(32),
    originalSha256: 'cd'.repeat(32),
    pdfUrl: `/commtrade/ws/contract/pdf?contractNo=${contractNo}`,
    signingRequiredBeforePayment: true,
    actions: ['sendCode', 'sign', 'decline'],
    ...over,
  };
}

export function verifyAnswer(over: Partial<ContractVerifyAnswer> = {}): ContractVerifyAnswer {
  const signature = (signer: string, at: string) => ({
    signer,
    organisation: signer,
    role: 'company' as const,
    signedAt: at,
    valid: true,
    certificateIssuedByPlatform: true,
    coversWholeDocument: false,
  });
  return {
    valid: true,
    signatures: [
      signature('Shaanxi Coal Chemicals', '2026-11-25T09:00:00.000Z'),
      signature('Hebei Steel Trading', '2026-11-25T10:00:00.000Z'),
      { ...signature('Platform', '2026-11-25T10:00:05.000Z'), role: 'platform-seal', coversWholeDocument: true },
    ],
    unchangedSinceLastSignature: true,
    sha256: 'ef'.repeat(32),
    match: {
      contractNo: 'HT2026112500000001',
      orderNo: '2026112500000001',
      state: 2,
      matchedBy: 'sealed',
      buyerName: 'Hebei Steel Trading',
      sellerName: 'Shaanxi Coal Chemicals',
      completedAt: '2026-11-25T10:00:05.000Z',
    },
    problems: [],
    ...over,
  };
}
