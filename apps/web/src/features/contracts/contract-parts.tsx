import { Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { CONTRACT_EVENT_LABELS, CONTRACT_SIDE_LABELS, CONTRACT_STATES } from '@portal/contracts/contract-terms';
import type { ContractEvent, ContractParty } from '@portal/contracts/contracts';
import { formatDateTime, formatZonedDateTime } from '../../shared/format';
import { useLang } from '../../shared/use-lang';

const STATE_COLORS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'red', 4: 'default', 5: 'default' };

/** A contract's state as a coloured tag. */
export function ContractStateTag({ state }: { state: number }) {
  const lang = useLang();
  return (
    <Tag color={STATE_COLORS[state] ?? 'blue'} data-testid="contract-state" data-state={state}>
      {enumLabel(CONTRACT_STATES, state, lang)}
    </Tag>
  );
}

/** Each party: who, and whether and when it signed or declined (with the reason). */
export function PartyList({ parties }: { parties: ContractParty[] }) {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  return (
    <ul className="cv-party-list" data-testid="contract-parties">
      {parties.map((p) => (
        <li key={p.side} data-testid={`contract-party-${p.side}`} data-state={p.state}>
          <span className="cv-party-role">{enumLabel(CONTRACT_SIDE_LABELS, p.side, lang)}</span>
          <span className="cv-party-name">{p.companyName}</span>
          {p.signedAt ? (
            <Tag color="green">{t('detail.signedAt', { time: formatZonedDateTime(p.signedAt) })}</Tag>
          ) : p.declinedAt ? (
            <Tag color="red">{t('detail.declinedAt', { time: formatZonedDateTime(p.declinedAt) })}</Tag>
          ) : (
            <Tag color="gold">{t('detail.waiting')}</Tag>
          )}
          {p.signerName ? <span className="tc-muted">{p.signerName}</span> : null}
          {p.declineReason ? <div className="cv-party-reason">{t('detail.reason', { reason: p.declineReason })}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** The audit trail: what happened, by whom, when and from where. */
export function ContractEvents({ events, withOrigin }: { events: ContractEvent[]; withOrigin: boolean }) {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  return (
    <Timeline
      data-testid="contract-events"
      items={events.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: e.kind === 'declined' || e.kind === 'expired' ? 'red' : e.kind === 'sealed' ? 'green' : 'blue',
        content: (
          <div data-kind={e.kind}>
            <strong>{enumLabel(CONTRACT_EVENT_LABELS, e.kind, lang)}</strong>
            <div className="tc-muted tc-num">
              {formatDateTime(e.at)} · {[e.companyName, e.actorName].filter(Boolean).join(' ') || t('detail.platform')}
              {withOrigin && e.ip ? ` · ${e.ip}` : ''}
            </div>
            {e.note ? <div>{e.note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
