import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractSettingSaveBody, ContractTemplateCreateBody, ContractTemplateVersionBody } from '@portal/contracts/contracts';
import { contractRoutes as ep } from '@portal/contracts/routes/contracts';
import { call } from '../../api/client';

/** The operator's templates and signing settings hang under one key: any change refreshes them all. */
export const templateKeys = {
  all: ['trade', 'contract-templates'] as const,
  page: (pageNo: number, pageSize: number) => ['trade', 'contract-templates', 'page', pageNo, pageSize] as const,
  detail: (templateId: string | null) => ['trade', 'contract-templates', 'detail', templateId] as const,
  settings: ['trade', 'contract-templates', 'settings'] as const,
};

interface Reactions<V> {
  onSuccess?: (value: V) => void;
  onError?: (error: Error) => void;
}

/** 合同模板: a page of the templates. */
export function useTemplates(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: templateKeys.page(pageNo, pageSize),
    queryFn: () => call(ep.templatePage, { body: { pageNo, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** One template with every version. */
export function useTemplate(templateId: string | null) {
  return useQuery({
    queryKey: templateKeys.detail(templateId),
    queryFn: () => call(ep.templateDetail, { body: { templateId: templateId! } }),
    enabled: Boolean(templateId),
  });
}

/** Every market's signing settings (also the list of markets a template may serve). */
export function useSigningSettings() {
  return useQuery({ queryKey: templateKeys.settings, queryFn: () => call(ep.settingList) });
}

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: templateKeys.all });
}

export type TemplateSave = { kind: 'create'; body: ContractTemplateCreateBody } | { kind: 'version'; body: ContractTemplateVersionBody };

/** Creates a template, or publishes a new version of one. */
export function useSaveTemplate({ onSuccess, onError }: Reactions<TemplateSave['kind']> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (save: TemplateSave) =>
      save.kind === 'create'
        ? call(ep.templateCreate, { body: save.body, quiet: true })
        : call(ep.templateVersion, { body: save.body, quiet: true }),
    onSuccess: (_, save) => {
      onSuccess?.(save.kind);
      refresh();
    },
    onError,
  });
}

/** Makes a template the one its market and origin use. */
export function useActivateTemplate({ onSuccess, onError }: Reactions<string> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (templateId: string) => call(ep.templateActivate, { body: { templateId }, quiet: true }),
    onSuccess: (_, templateId) => {
      onSuccess?.(templateId);
      refresh();
    },
    onError,
  });
}

/** Saves one market's signing settings. */
export function useSaveSetting({ onSuccess, onError }: Reactions<string> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ContractSettingSaveBody) => call(ep.settingSave, { body, quiet: true }),
    onSuccess: (_, body) => {
      onSuccess?.(body.marketId);
      refresh();
    },
    onError,
  });
}
