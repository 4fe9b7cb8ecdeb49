import { BlockList, isIP } from 'node:net';

/** An address or a CIDR range as METRICS_ALLOW takes it ("10.0.0.0/8", "::1"); null when it is neither. */
export function parseAddressRange(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
  if (prefix < 0 || prefix > bits) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** The addresses a setting (METRICS_ALLOW, TRUST_PROXY) names, as one list to check a client against. */
export function allowList(setting: string, name = 'METRICS_ALLOW'): BlockList {
  const list = new BlockList();
  for (const part of setting.split(',')) {
    if (part.trim() === '') continue;
    const range = parseAddressRange(part);
    if (!range) throw new Error(`${name}: ${part.trim()} is neither an address nor a CIDR range`);
    list.addSubnet(range.address, range.prefix, range.family);
  }
  return list;
}

/** Whether a connection's own address is on the list (an IPv4 client on a dual-stack socket reads ::ffff:a.b.c.d). */
export function onList(list: BlockList, remoteAddress: string | undefined): boolean {
  const raw = remoteAddress ?? '';
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw)?.[1] ?? raw;
  const version = isIP(address);
  return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
