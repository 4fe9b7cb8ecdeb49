import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  aboutUsBodySchema,
  footerBodySchema,
  pageConfigBodySchema,
  sitePageEndpoints,
  type SitePages,
} from '@portal/contracts/admin-content';
import type { Lang } from '@portal/contracts/i18n';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { usePermission } from '../../shared/permission';
import { QueryState } from '../../shared/query-state';
import { contractRule, fieldSchema, isRequired, withoutEmptyInputs } from '../../shared/resource/field-rules';
import { FieldInput, type FieldSpec } from '../../shared/resource/fields';

/** One single document (about-us, footer or page config) as a form validated by its contract. */
function SectionForm<Body extends object>({
  section,
  send,
  schema,
  fields,
  values,
}: {
  section: string;
  /** Saves the section through its contract endpoint, answering every section. */
  send: (body: Body) => Promise<SitePages>;
  schema: z.ZodObject;
  fields: FieldSpec[];
  values: Body;
}) {
  const { t, i18n } = useTranslation('admin');
  const { t: words } = useTranslation('resource');
  const { message } = useFeedback();
  const canEdit = usePermission()(sitePageEndpoints.saveFooter.access.permission);
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue(values), [form, values]);
  const save = useMutation({
    mutationFn: send,
    onSuccess: (data) => {
      queryClient.setQueryData(['admin', 'sitePages'], data);
      message.success({ content: words('saved'), duration: 3 });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const field = (err.data as { field?: string } | null)?.field;
        if (field && form.getFieldInstance(field) !== undefined) form.setFields([{ name: field, errors: [err.message] }]);
        else message.error({ content: err.message, duration: 3 });
      }
    },
  });
  return (
    <Form
      form={form}
      name={`site-${section}`}
      layout="vertical"
      style={{ maxWidth: 900 }}
      disabled={!canEdit}
      onFinish={(v: Body) => save.mutate(withoutEmptyInputs(v))}
    >
      {fields.map((field) => {
        const rule = fieldSchema(schema, field.name);
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={field.help}
            required={isRequired(rule)}
            rules={[contractRule(rule, i18n.language as Lang)]}
          >
            <FieldInput field={field} />
          </Form.Item>
        );
      })}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('sitePages.save')}
        </Button>
      )}
    </Form>
  );
}

/** Content · about-us, the portal footer and the page config (site name, logo, footer lines). */
export function SitePagesPage() {
  const { t } = useTranslation('admin');
  const pages = useQuery({ queryKey: ['admin', 'sitePages'], queryFn: () => call(sitePageEndpoints.get, { body: {} }) });
  return (
    <Card>
      <QueryState query={pages}>
        {(data: SitePages) => (
          <Tabs
            items={[
              {
                key: 'aboutUs',
                label: t('sitePages.aboutUs'),
                children: (
                  <SectionForm
                    section="aboutUs"
                    send={(body) => call(sitePageEndpoints.saveAboutUs, { body, quiet: true })}
                    schema={aboutUsBodySchema}
                    values={data.aboutUs}
                    fields={[
                      { name: 'logoImageUrl', label: t('sitePages.aboutLogo'), kind: 'image' },
                      { name: 'html', label: t('sitePages.aboutText'), kind: 'richText' },
                    ]}
                  />
                ),
              },
              {
                key: 'footer',
                label: t('sitePages.footer'),
                children: (
                  <SectionForm
                    section="footer"
                    send={(body) => call(sitePageEndpoints.saveFooter, { body, quiet: true })}
                    schema={footerBodySchema}
                    values={data.footer}
                    fields={[{ name: 'html', label: t('sitePages.footerText'), kind: 'richText' }]}
                  />
                ),
              },
              {
                key: 'pageConfig',
                label: t('sitePages.pageConfig'),
                children: (
                  <SectionForm
                    section="pageConfig"
                    send={(body) => call(sitePageEndpoints.savePageConfig, { body, quiet: true })}
                    schema={pageConfigBodySchema}
                    values={data.pageConfig}
                    fields={[
                      { name: 'siteName', label: t('sitePages.siteName') },
                      { name: 'menuLogo', label: t('sitePages.menuLogo'), kind: 'image', help: t('sitePages.menuLogoHelp') },
                      { name: 'copyright', label: t('sitePages.copyright') },
                      { name: 'icp', label: t('sitePages.icp') },
                      { name: 'servicePhone', label: t('sitePages.servicePhone') },
                      { name: 'serviceEmail', label: t('sitePages.serviceEmail') },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}
