import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Where a sandbox webhook may be delivered (issue 27, "Never a way in"). A public sandbox that
 * POSTs to URLs its users choose must not become a way into our own network: only https on
 * port 443, and only to public unicast addresses, checked on the addresses a name resolves to
 * (every one of them), right before each attempt. SANDBOX_WEBHOOK_ALLOW names the exceptions.
 */

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (a dependency, so tests can answer as they like). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Why an address is refused, as the error message names it ("can't be delivered to … addresses"). */
export type RefusedClass = 'loopback' | 'private' | 'link-local' | 'cloud metadata' | 'unique-local' | 'multicast' | 'reserved' | 'IPv4-mapped or translated IPv6';

/** The cloud metadata service's well-known names; its addresses (169.254.169.254, fd00:ec2::254) are link-local or unique-local anyway. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.internal']);
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

const V4_CLASSES: Record<string, RefusedClass> = {
  unspecified: 'reserved',
  broadcast: 'reserved',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'private',
  private: 'private',
  reserved: 'reserved',
};

const V6_CLASSES: Record<string, RefusedClass> = {
  unspecified: 'reserved',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique-local',
  // Forms that carry (or translate to) an IPv4 address: NAT64, SIIT, 6to4 and Teredo could all lead back inside.
  ipv4Mapped: 'IPv4-mapped or translated IPv6',
  rfc6145: 'IPv4-mapped or translated IPv6',
  rfc6052: 'IPv4-mapped or translated IPv6',
  '6to4': 'IPv4-mapped or translated IPv6',
  teredo: 'IPv4-mapped or translated IPv6',
  reserved: 'reserved',
};

/** Ranges ipaddr.js calls unicast that are still no place for a webhook. */
const EXTRA_V4: [string, number, RefusedClass][] = [
  ['198.18.0.0', 15, 'reserved'], // benchmarking (RFC 2544)
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
];
/** Only 2000::/3 is allocated as global unicast; 64:ff9b:1::/48 is local-use NAT64 (RFC 8215). */
const GLOBAL_V6 = ipaddr.IPv6.parse('2000::');
const LOCAL_NAT64 = ipaddr.IPv6.parse('64:ff9b:1::');

/** Why `address` (an IP literal) may not be reached, or null when it is a public unicast address. */
export function refusedClass(address: string): RefusedClass | null {
  if (!ipaddr.isValid(address)) return 'reserved';
  const ip = ipaddr.parse(address);
  if (METADATA_ADDRESSES.has(ip.toString())) return 'cloud metadata';
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    // ::ffff:127.0.0.1 is 127.0.0.1 to the kernel: named for what it is, not only as mapped.
    if (v6.isIPv4MappedAddress()) return refusedClass(v6.toIPv4Address().toString()) ?? 'IPv4-mapped or translated IPv6';
    if (v6.match(LOCAL_NAT64, 48)) return 'IPv4-mapped or translated IPv6';
    const range = v6.range();
    if (range !== 'unicast') return V6_CLASSES[range] ?? 'reserved';
    return v6.match(GLOBAL_V6, 3) ? null : 'reserved';
  }
  const v4 = ip as ipaddr.IPv4;
  const range = v4.range();
  if (range !== 'unicast') return V4_CLASSES[range] ?? 'reserved';
  for (const [base, bits, cls] of EXTRA_V4) if (v4.match(ipaddr.IPv4.parse(base), bits)) return cls;
  return null;
}

/** The refusal of a URL, worded for the 400 at registration and for the failed attempt. */
export class UrlRefused extends Error {
  constructor(
    message: string,
    /** True when the name did not resolve: allowed at registration (it may resolve later; .invalid never does), fails an attempt. */
    readonly unresolved = false,
  ) {
    super(message);
    this.name = 'UrlRefused';
  }
}

/** Where one attempt connects: the checked address, and the name for TLS (SNI and certificate) and the Host header. */
export interface CheckedTarget {
  url: URL;
  /** Host as in the URL, brackets dropped; the certificate must be valid for it. */
  host: string;
  port: number;
  address: string;
  family: 4 | 6;
}

export interface TargetRules {
  resolver: Resolver;
  /** Normalized `host:port` pairs (config.sandboxWebhookAllow) exempt from the port and address rules. */
  allow: readonly string[];
}

/** The rules as configured: the system's resolver, and SANDBOX_WEBHOOK_ALLOW's exceptions. */
export function webhookRules(config: { sandboxWebhookAllow: readonly string[] }): TargetRules {
  return { resolver: systemResolver, allow: config.sandboxWebhookAllow };
}

const refused = (what: string) => new UrlRefused(`webhooks can't be delivered to ${what} addresses`);

/**
 * Checks `raw` against the rules and resolves it: the address to connect to, or UrlRefused.
 * Every address the name has must pass, so a name answering one public and one private
 * address cannot pick the private one at connect time.
 */
export async function checkTarget(raw: string, rules: TargetRules): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('not an absolute URL');
  }
  if (url.protocol !== 'https:') throw new UrlRefused('webhooks are delivered over HTTPS only');
  if (url.username || url.password) throw new UrlRefused('webhook URLs may not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port ? Number(url.port) : 443;
  const allowed = rules.allow.includes(`${host}:${port}`);
  if (!allowed && port !== 443) throw new UrlRefused('webhooks are delivered to port 443 only');
  if (net.isIP(host)) {
    const cls = allowed ? null : refusedClass(host);
    if (cls) throw refused(cls);
    return { url, host, port, address: host, family: net.isIP(host) === 6 ? 6 : 4 };
  }
  const name = host.replace(/\.$/, '');
  if (!allowed && METADATA_NAMES.has(name)) throw refused('cloud metadata');
  if (!allowed && (name === 'localhost' || name.endsWith('.localhost'))) throw refused('loopback');
  // RFC 6761: .invalid never resolves, so no resolver is asked (the sandbox's magic failing domain).
  if (name === 'invalid' || name.endsWith('.invalid')) throw new UrlRefused(`${host} does not resolve`, true);
  let addresses: ResolvedAddress[];
  try {
    addresses = await rules.resolver(name);
  } catch {
    throw new UrlRefused(`${host} does not resolve`, true);
  }
  if (!addresses.length) throw new UrlRefused(`${host} does not resolve`, true);
  if (!allowed) {
    for (const a of addresses) {
      const cls = refusedClass(a.address);
      if (cls) throw refused(cls);
    }
  }
  return { url, host, port, address: addresses[0]!.address, family: addresses[0]!.family };
}
