import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { CONTRACT_STATES } from '@portal/contracts/contract-terms';
import type { ContractVerifyAnswer } from '@portal/contracts/contracts';
import { formatZonedDateTime } from '../../shared/format';
import { useLang } from '../../shared/use-lang';

type Signature = ContractVerifyAnswer['signatures'][number];

/** The verdict over the whole file: valid (the server's word), unsigned, or not valid. */
export function verdictOf(answer: ContractVerifyAnswer): 'valid' | 'invalid' | 'unsigned' {
  if (answer.valid) return 'valid';
  return answer.signatures.length === 0 ? 'unsigned' : 'invalid';
}

/** A yes/no mark: green with a tick, red with a cross; the words say it without the colour. */
function Mark({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return ok ? (
    <Tag color="green" icon={<CheckCircleFilled aria-hidden />}>
      {yes}
    </Tag>
  ) : (
    <Tag color="red" icon={<CloseCircleFilled aria-hidden />}>
      {no}
    </Tag>
  );
}

function SignatureItem({ signature, last }: { signature: Signature; last: boolean }) {
  const { t } = useTranslation('contracts');
  return (
    <li className="cv-signature" data-testid="verify-signature" data-valid={signature.valid}>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap size={8}>
          <strong>{signature.role === 'platform-seal' ? t('verify.sealRole') : signature.signer}</strong>
          {signature.organisation && signature.organisation !== signature.signer ? <span>{signature.organisation}</span> : null}
        </Space>
        <div className="tc-num">
          {t('verify.signedAt')}
          {t('colon')}
          {formatZonedDateTime(signature.signedAt)}
        </div>
        <Space wrap size={[4, 4]}>
          <Mark ok={signature.valid} yes={t('verify.signatureOk')} no={t('verify.signatureBad')} />
          <Mark ok={signature.certificateIssuedByPlatform} yes={t('verify.platformCert')} no={t('verify.otherCert')} />
          {/* Signing adds to the file, so only the last signature covers all of it; an earlier one
              not covering it is what the signatures after it appended, not a change. */}
          {signature.coversWholeDocument ? (
            <Mark ok yes={t('verify.covers')} no="" />
          ) : last ? (
            <Mark ok={false} yes="" no={t('verify.notCovers')} />
          ) : (
            <Tag>{t('verify.laterSignatures')}</Tag>
          )}
        </Space>
      </Space>
    </li>
  );
}

function MatchedRecord({ match }: { match: NonNullable<ContractVerifyAnswer['match']> }) {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid="verify-record"
      title={t('verify.recordFound', { contractNo: match.contractNo })}
      items={[
        { key: 'by', label: t('verify.record'), span: 'filled', children: t(`verify.matchedBy.${match.matchedBy}`) },
        { key: 'state', label: t('list.state'), children: enumLabel(CONTRACT_STATES, match.state, lang) },
        { key: 'order', label: t('list.orderNo'), children: <span className="tc-num">{match.orderNo}</span> },
        { key: 'buyer', label: t('verify.buyer'), children: match.buyerName },
        { key: 'seller', label: t('verify.seller'), children: match.sellerName },
        ...(match.completedAt
          ? [
              {
                key: 'done',
                label: t('verify.completedAt'),
                children: <span className="tc-num">{formatZonedDateTime(match.completedAt)}</span>,
              },
            ]
          : []),
      ]}
    />
  );
}

/** What a verification found: the verdict, each signature (who, when, valid, whole file) and the platform record. */
export function VerifyResult({ answer, fileName }: { answer: ContractVerifyAnswer; fileName: string }) {
  const { t } = useTranslation('contracts');
  const verdict = verdictOf(answer);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="verify-result" data-verdict={verdict}>
      <Alert
        showIcon
        type={verdict === 'valid' ? 'success' : verdict === 'invalid' ? 'error' : 'warning'}
        icon={verdict === 'unsigned' ? <ExclamationCircleFilled aria-hidden /> : undefined}
        title={t(`verify.${verdict}`)}
        description={
          <>
            <div>{t(`verify.${verdict}Text`)}</div>
            <div className="cv-break">
              {t('verify.file')}
              {t('colon')}
              {fileName}
            </div>
            <div className="cv-break">
              {t('verify.digest')}
              {t('colon')}
              <code>{answer.sha256}</code>
            </div>
          </>
        }
      />
      {answer.signatures.length > 0 ? (
        <section aria-labelledby="verify-signatures">
          <Typography.Title level={2} className="cv-section-title" id="verify-signatures">
            {t('verify.signatures')}
          </Typography.Title>
          <Space wrap className="cv-overall">
            <Mark ok={answer.unchangedSinceLastSignature} yes={t('verify.unchanged')} no={t('verify.changedAfter')} />
          </Space>
          <ul className="cv-signature-list">
            {answer.signatures.map((s, i) => (
              <SignatureItem key={`${s.signedAt}-${i}`} signature={s} last={i === answer.signatures.length - 1} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="verify-record">
        <Typography.Title level={2} className="cv-section-title" id="verify-record">
          {t('verify.record')}
        </Typography.Title>
        {answer.match ? (
          <MatchedRecord match={answer.match} />
        ) : (
          <Alert type="warning" showIcon title={t('verify.recordMissing')} data-testid="verify-no-record" />
        )}
      </section>
    </Space>
  );
}
