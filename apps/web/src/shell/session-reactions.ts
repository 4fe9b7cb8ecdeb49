import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '@portal/contracts/settings';
import { onSessionCode, type ApiError } from '../api/client';
import { useFeedback } from '../shared/feedback';
import { clearUserData } from '../shared/session-storage';

const MARKER = 'has_reload';
const TOAST_MS = 3;

/**
 * The shell's reactions to refusals: the "confirm login"
 * dialog with the has_reload marker for ended sessions, the unlock prompt (or CAS) for -5, and a
 * 3-second toast for the other codes. Returns a switch that silences them (during a forced logout).
 */
export function useSessionReactions(settings: PublicSettings, onLocked: () => void): { silence(): void } {
  const { t } = useTranslation('shell');
  const { message, modal } = useFeedback();
  const silenced = useRef(false);
  const dialogOpen = useRef(false);
  const lockedRef = useRef(onLocked);
  useEffect(() => {
    lockedRef.current = onLocked;
  }, [onLocked]);

  useEffect(() => {
    const sessionEnded = (error: ApiError) => {
      if (!settings.isToken) {
        message.error({ content: error.message || t('session.expired'), duration: TOAST_MS });
        clearUserData();
        window.location.assign('/login');
        return;
      }
      // The marker means the dialog was already confirmed once: clear and reload without asking again.
      if (sessionStorage.getItem(MARKER)) {
        clearUserData();
        window.location.reload();
        return;
      }
      if (dialogOpen.current) return;
      dialogOpen.current = true;
      modal.confirm({
        title: t('session.confirmLoginTitle'),
        content: error.message || t('session.expired'),
        okText: t('session.reLogin'),
        cancelText: t('session.stay'),
        zIndex: 10001,
        onOk: () => {
          clearUserData();
          sessionStorage.setItem(MARKER, '1');
          window.location.reload();
        },
        onCancel: () => {
          dialogOpen.current = false;
        },
      });
    };

    onSessionCode((kind, error) => {
      if (silenced.current) return;
      switch (kind) {
        case 'invalid':
          sessionEnded(error);
          break;
        case 'locked':
          if (settings.isCasLogin && settings.casUrl) window.location.assign(settings.casUrl);
          else lockedRef.current();
          break;
        case 'silent':
          break;
        case 'notice':
          message.info({ content: error.message || t('session.notice'), duration: TOAST_MS });
          break;
        case 'error':
          message.error({ content: error.message || t('session.systemError'), duration: TOAST_MS, key: `api-${error.code}` });
          break;
        case 'other':
          message.info({
            content: error.message
              ? t('session.systemErrorWith', { info: error.message })
              : t('session.systemErrorCode', { code: error.code }),
            duration: TOAST_MS,
            key: `api-${error.code}`,
          });
          break;
      }
    });
    return () => onSessionCode(null);
  }, [settings, message, modal, t]);

  return {
    silence: () => {
      silenced.current = true;
    },
  };
}
