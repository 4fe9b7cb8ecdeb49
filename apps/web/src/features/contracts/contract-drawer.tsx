import { Alert, Descriptions, Drawer, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContractDetail } from '@portal/contracts/contracts';
import { ApiError } from '../../api/client';
import { formatZonedDateTime } from '../../shared/format';
import { Money } from '../../shared/money';
import { EmptyState, LoadError } from '../../shared/query-state';
import { ContractActions } from './contract-actions';
import { ContractDocument } from './contract-document';
import { ContractEvents, ContractStateTag, PartyList } from './contract-parts';
import { VERIFY_PATH, isPreparing, pdfUrlFor, useContract, type ContractReader } from './queries';
import './contracts.css';

/** Where the contract stands, in a sentence: the deadline to sign, in force, or expired. */
function StateNote({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  if (contract.state === 2) return <Alert type="success" showIcon title={t('detail.completedText')} />;
  if (contract.state === 4)
    return <Alert type="warning" showIcon title={t('detail.expiredText', { time: formatZonedDateTime(contract.signBy) })} />;
  if (isPreparing(contract)) return <Alert type="info" showIcon title={t('detail.preparing')} data-testid="contract-preparing" />;
  if (contract.state === 1 && contract.actions.includes('sign'))
    return <Alert type="info" showIcon title={t('detail.signBy', { time: formatZonedDateTime(contract.signBy) })} />;
  return null;
}

/** A contract: its state, the actions open to the reader, the parties, the terms, the PDF and the trail. */
export function ContractBody({ contract, reader }: { contract: ContractDetail; reader: ContractReader }) {
  const { t } = useTranslation('contracts');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="contract-body">
      <ContractStateTag state={contract.state} />
      <StateNote contract={contract} />
      {reader === 'party' ? <ContractActions contract={contract} /> : null}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        // Room for a four-character label on one line beside two columns in the drawer.
        styles={{ label: { width: 112 } }}
        items={[
          { key: 'no', label: t('list.contractNo'), children: <span className="tc-num">{contract.contractNo}</span> },
          { key: 'order', label: t('detail.order'), children: <span className="tc-num">{contract.orderNo}</span> },
          { key: 'goods', label: t('list.goods'), children: contract.goodsName },
          { key: 'amount', label: t('list.amount'), children: <Money cents={contract.amount} currency={contract.currency} /> },
          {
            key: 'template',
            label: t('detail.template'),
            children: `${contract.templateCode} v${contract.templateVersion}`,
          },
          { key: 'signBy', label: t('list.signBy'), children: <span className="tc-num">{formatZonedDateTime(contract.signBy)}</span> },
          { key: 'parties', label: t('detail.parties'), span: 'filled', children: <PartyList parties={contract.parties} /> },
          { key: 'digest', label: t('detail.digest'), span: 'filled', children: <code className="cv-break">{contract.sha256}</code> },
        ]}
      />
      {isPreparing(contract) ? null : <ContractDocument contractNo={contract.contractNo} url={pdfUrlFor(contract, reader)} />}
      <Typography.Paragraph type="secondary" className="cv-verify-hint">
        {t('detail.verifyHint')} <Link to={VERIFY_PATH}>{t('detail.verifyLink')}</Link>
      </Typography.Paragraph>
      <section aria-labelledby="contract-events-title">
        <Typography.Title level={3} className="cv-section-title" id="contract-events-title">
          {t('detail.events')}
        </Typography.Title>
        <ContractEvents events={contract.events} withOrigin={reader === 'admin'} />
      </section>
    </Space>
  );
}

/** The contract drawer of the contract lists and of the order detail. */
export function ContractDrawer({
  contractNo,
  reader,
  onClose,
}: {
  contractNo: string | null;
  reader: ContractReader;
  onClose: () => void;
}) {
  const { t } = useTranslation('contracts');
  const detail = useContract(contractNo, reader);
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <Drawer
      open={Boolean(contractNo)}
      size="large"
      title={t('detail.title', { contractNo: contractNo ?? '' })}
      onClose={onClose}
      rootClassName="cv-contract-drawer"
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : notFound ? (
        <EmptyState text={t('detail.notFound')} />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <ContractBody contract={detail.data} reader={reader} />
      )}
    </Drawer>
  );
}
