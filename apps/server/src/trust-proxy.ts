import { isIP } from 'node:net';

/** What Fastify may trust in X-Forwarded-For: nothing, the last N hops, or the listed proxy addresses. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset, empty, `false` or `0` trusts no proxy (the socket's address is the client's);
 * a positive integer trusts that many proxy hops in front of the server (the client is the address the
 * outermost trusted proxy saw); a comma-separated list of addresses, CIDR ranges or `loopback` /
 * `linklocal` / `uniquelocal` trusts exactly those proxies. `true` is refused: trusting every hop lets a
 * client choose its own address by sending X-Forwarded-For.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust every X-Forwarded-For hop, so clients could forge their address. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error('TRUST_PROXY hop count must be between 0 and 10');
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a list of proxy addresses or CIDR ranges; not understood: ${invalid.join(', ')}`);
  }
  return entries;
}
