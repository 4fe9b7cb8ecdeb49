import { Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { CONTRACT_LIMITS, CONTRACT_ORIGINS, CONTRACT_ORIGIN_LABELS, CONTRACT_PLACEHOLDER_NAMES } from '@portal/contracts/contract-terms';
import type { ContractOrigin, ContractTemplateDetail } from '@portal/contracts/contracts';
import { LANGS, type Lang } from '@portal/contracts/i18n';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { RichTextEditor } from '../../shared/resource/rich-text-editor';
import { useLang } from '../../shared/use-lang';
import { useSaveTemplate } from './template-queries';

interface Values {
  name: string;
  origin: ContractOrigin;
  marketId: string;
  lang: Lang;
  body: string;
  clauses: string;
  note: string;
  active: boolean;
}

interface TemplateFormProps {
  /** The template a new version is made of; none for a new template. */
  template: ContractTemplateDetail | null;
  markets: { marketId: string; marketName: string }[];
  onClose: () => void;
}

/** A new template, or a new version of one (contracts already made keep the version they were made from). */
export function TemplateForm({ template, markets, onClose }: TemplateFormProps) {
  const { t } = useTranslation('contracts');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveTemplate({
    onSuccess: (kind) => {
      message.success(kind === 'create' ? t('admin.created') : t('admin.versionSaved'));
      onClose();
    },
    onError: (error) => message.error(error instanceof ApiError && error.message ? error.message : t('failed')),
  });
  const required = (field: string) => ({ required: true, whitespace: true, message: t('required', { field }) });
  const current = template?.versions[0];
  const submit = (v: Values) =>
    template
      ? save.mutate({
          kind: 'version',
          body: {
            templateId: template.templateId,
            name: v.name.trim(),
            body: v.body,
            clauses: v.clauses ?? '',
            note: (v.note ?? '').trim(),
          },
        })
      : save.mutate({
          kind: 'create',
          body: {
            name: v.name.trim(),
            origin: v.origin,
            marketId: v.marketId ?? '',
            lang: v.lang,
            body: v.body,
            clauses: v.clauses ?? '',
            active: v.active,
          },
        });
  return (
    <Modal
      open
      width={880}
      title={template ? t('admin.newVersionTitle', { name: template.name }) : t('admin.createTitle')}
      okText={t('admin.save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="contract-template"
        initialValues={{
          name: template?.name ?? '',
          origin: template?.origin ?? 'listing',
          marketId: template?.marketId ?? '',
          lang: template?.lang ?? 'zh-CN',
          body: current?.body ?? '',
          clauses: current?.clauses ?? '',
          note: '',
          active: true,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('admin.templateName')}
          rules={[
            required(t('admin.templateName')),
            {
              max: CONTRACT_LIMITS.templateNameMax,
              message: t('tooLong', { field: t('admin.templateName'), max: CONTRACT_LIMITS.templateNameMax }),
            },
          ]}
        >
          <Input maxLength={CONTRACT_LIMITS.templateNameMax} />
        </Form.Item>
        {template ? null : (
          <div className="cv-form-row">
            <Form.Item name="origin" label={t('admin.origin')}>
              <Select options={CONTRACT_ORIGINS.map((o) => ({ value: o, label: enumLabel(CONTRACT_ORIGIN_LABELS, o, lang) }))} />
            </Form.Item>
            <Form.Item name="marketId" label={t('admin.market')}>
              <Select
                options={[
                  { value: '', label: t('admin.allMarkets') },
                  ...markets.filter((m) => m.marketId).map((m) => ({ value: m.marketId, label: m.marketName })),
                ]}
              />
            </Form.Item>
            <Form.Item name="lang" label={t('admin.lang')}>
              <Select options={LANGS.map((l) => ({ value: l, label: tc(`languages.${l}`) }))} />
            </Form.Item>
          </div>
        )}
        <Form.Item name="body" label={t('admin.body')} rules={[required(t('admin.body'))]}>
          <RichTextEditor label={t('admin.body')} id="contract-template-body" />
        </Form.Item>
        <Typography.Paragraph type="secondary" className="cv-placeholders">
          {t('admin.placeholders', { example: '{{buyer.name}}' })}: {CONTRACT_PLACEHOLDER_NAMES.join(', ')}
        </Typography.Paragraph>
        <Form.Item name="clauses" label={t('admin.clauses')}>
          <RichTextEditor label={t('admin.clauses')} id="contract-template-clauses" />
        </Form.Item>
        {template ? (
          <Form.Item name="note" label={t('admin.note')}>
            <Input maxLength={CONTRACT_LIMITS.versionNoteMax} />
          </Form.Item>
        ) : (
          <Form.Item name="active" valuePropName="checked">
            <Checkbox>{t('admin.activeNow')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
