/**
 * The room counts down on the server's clock, never the reader's: a reader whose computer is
 * minutes off still sees the end when the server will apply it. Each room answer carries
 * `serverTime`; the offset is taken at the moment the answer arrived, assuming the answer spent
 * half of the round trip on the way back.
 */
export function clockOffset(serverTimeIso: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTimeIso);
  if (!Number.isFinite(server)) return 0;
  const midway = sentAt + Math.max(0, receivedAt - sentAt) / 2;
  return server - midway;
}

/** Whole seconds left until `endIso` on the server's clock (0 once it has passed). */
export function secondsLeft(endIso: string | null | undefined, serverNow: number): number {
  const end = endIso ? Date.parse(endIso) : Number.NaN;
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - serverNow) / 1000));
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** A number of seconds as days, hours, minutes and seconds. */
export function countdownParts(total: number): CountdownParts {
  const s = Math.max(0, Math.floor(total));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:MM:SS, with the days in front when there are any ("2 天 03:04:05" in the reader's words). */
export function formatCountdown(total: number, dayWord: (days: number) => string): string {
  const p = countdownParts(total);
  const clock = `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
  return p.days > 0 ? `${dayWord(p.days)} ${clock}` : clock;
}
