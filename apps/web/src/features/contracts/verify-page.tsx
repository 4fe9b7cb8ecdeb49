import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Button, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { CONTRACT_LIMITS } from '@portal/contracts/contract-terms';
import { useVerifyPdf } from './queries';
import { VerifyResult } from './verify-result';
import '../../shared/trade.css';
import './contracts.css';

const sizeText = `${CONTRACT_LIMITS.verifyMaxBytes / 1024 / 1024} MB`;

/**
 * /contractVerify: anyone, signed in or not, chooses a contract PDF and sees whether every signature
 * is valid, whether the file changed after signing, who signed when and which platform contract it is.
 */
export function ContractVerifyPage() {
  const { t } = useTranslation('contracts');
  useDocumentTitle(t('verify.title'));
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useVerifyPdf();
  const choose = (file: File) => {
    setProblem(null);
    verify.reset();
    if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) setProblem(t('verify.notPdf'));
    else if (file.size > CONTRACT_LIMITS.verifyMaxBytes) setProblem(t('verify.tooBig', { size: sizeText }));
    else verify.mutate(file);
    // The file is read here, never sent by the upload component itself.
    return false;
  };
  return (
    <div className="portal-container trade-page cv-verify-page">
      <h1 className="trade-page-title">{t('verify.title')}</h1>
      <div className="trade-panel">
        <Typography.Paragraph type="secondary">{t('verify.intro')}</Typography.Paragraph>
        {verify.isSuccess ? (
          <>
            <VerifyResult answer={verify.data.answer} fileName={verify.data.fileName} />
            <Button className="cv-again" onClick={() => verify.reset()} data-testid="verify-again">
              {t('verify.again')}
            </Button>
          </>
        ) : (
          <Spin spinning={verify.isPending} description={t('verify.checking')}>
            <Upload.Dragger
              accept="application/pdf,.pdf"
              multiple={false}
              showUploadList={false}
              beforeUpload={choose}
              disabled={verify.isPending}
              aria-label={t('verify.choose')}
              data-testid="verify-dropzone"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">{t('verify.drop')}</p>
              <p className="ant-upload-hint">{t('verify.limit', { size: sizeText })}</p>
            </Upload.Dragger>
            {problem ? (
              <Typography.Text type="danger" role="alert" data-testid="verify-problem">
                {problem}
              </Typography.Text>
            ) : null}
            {verify.isError ? <LoadError error={verify.error} onRetry={() => verify.reset()} /> : null}
          </Spin>
        )}
      </div>
    </div>
  );
}
