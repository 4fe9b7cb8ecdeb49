import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManagedTender } from '@portal/contracts/tender-trade';
import { closeReasonWords } from '@portal/contracts/tender-rules';
import { useLang } from '../../shared/use-lang';
import { LoadError } from '../../shared/query-state';
import { RichText } from '../../shared/rich-text';
import { AwardsSection } from './awards-section';
import { BidsSection } from './bids-section';
import { NegotiateDialog } from './negotiate-dialog';
import { TenderHead, TenderLines, TenderTerms } from './tender-terms';
import { useTenderDetail } from './use-tender-detail';

interface TenderDetailProps {
  id: string;
  onBack: () => void;
  onEdit?: (tender: ManagedTender) => void;
  onPublish?: (tender: ManagedTender) => void;
  onCancel?: (tender: ManagedTender) => void;
  /** The operator's view: no buyer actions, no bids section. */
  readOnly?: boolean;
}

/** One tender for its buyer: terms, lines, documents, then the bids, the opening, evaluation, negotiation and award. */
export function TenderDetail({ id, onBack, onEdit, onPublish, onCancel, readOnly }: TenderDetailProps) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const { query, notFound, negotiating, openNegotiation, closeNegotiation } = useTenderDetail(id);
  const back = (
    <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} className="tt-back">
      {t('backToList')}
    </Button>
  );
  if (notFound) {
    return (
      <Card className="tc-page">
        {back}
        <Result status="404" title={t('notFound')} />
      </Card>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <Card className="tc-page">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  const tender = query.data;
  return (
    <Card className="tc-page" data-testid="tender-detail">
      {back}
      <TenderHead
        tender={tender}
        readOnly={readOnly}
        onEdit={onEdit}
        onPublish={onPublish}
        onCancel={onCancel}
        onNegotiate={openNegotiation}
      />
      {tender.closeReason ? (
        <Alert type="warning" showIcon title={t('closedBecause', { reason: closeReasonWords(tender.closeReason, lang) })} />
      ) : null}
      {tender.objState === 0 && tender.reviewRemark ? (
        <Alert type="error" showIcon title={t('rejectedBecause', { reason: tender.reviewRemark })} />
      ) : null}
      <TenderTerms tender={tender} />
      <TenderLines tender={tender} />
      {tender.description ? (
        <section className="tt-section" aria-labelledby="tt-description-title">
          <h3 id="tt-description-title">{t('description')}</h3>
          <RichText html={tender.description} className="tt-text" />
        </section>
      ) : null}
      {readOnly ? null : <BidsSection tender={tender} />}
      {tender.awards.length > 0 ? <AwardsSection tender={tender} /> : null}
      {negotiating ? <NegotiateDialog tender={tender} onClose={closeNegotiation} /> : null}
    </Card>
  );
}
