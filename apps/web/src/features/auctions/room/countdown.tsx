import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsLeft } from './server-clock';

/** The server's time now, as this page knows it (the reader's clock moved by `offset`), ticking four times a second. */
export function useServerNow(offset: number): number {
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocalNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return localNow + offset;
}

/** Time left to `target` on the server's clock, as 00:00:00 (with days when there are any). */
export function Countdown({ target, serverNow, label, testId }: { target: string; serverNow: number; label: string; testId?: string }) {
  const { t } = useTranslation('auction');
  const left = secondsLeft(target, serverNow);
  return (
    <span className={left <= 60 && left > 0 ? 'room-countdown is-urgent' : 'room-countdown'} data-testid={testId} data-left={left}>
      <span className="room-countdown-label">{label}</span>
      <strong className="tabular" role="timer" aria-live="off">
        {formatCountdown(left, (days) => t('room.days', { count: days }))}
      </strong>
    </span>
  );
}
