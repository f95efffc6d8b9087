import { describe, expect, it } from 'vitest';
import { addressClass, downloadAllowed, type AddressClass } from '../../src/gateway/address-policy.js';

describe('address classes: every spelling of an address is judged as the address it is', () => {
  const table: [string, AddressClass][] = [
    ['127.0.0.1', 'loopback'],
    ['2130706433', 'loopback'], // decimal
    ['0177.0.0.1', 'loopback'], // octal
    ['0x7f.1', 'loopback'], // hex, short
    ['127.1', 'loopback'], // short
    ['0x7f000001', 'loopback'],
    ['169.254.169.254', 'link_local'],
    ['0xa9.0xfe.0xa9.0xfe', 'link_local'],
    ['10.1.2.3', 'private'],
    ['172.31.255.1', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['198.18.0.1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['fd00::1', 'private'],
    ['fc12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['ff02::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'], // IPv4-mapped, dotted
    ['::ffff:7f00:1', 'loopback'], // IPv4-mapped, hex: how URLs serialize it
    ['[::ffff:a9fe:a9fe]', 'link_local'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['0:0:0:0:0:ffff:a00:1', 'private'],
    ['::127.0.0.1', 'loopback'], // IPv4-compatible
    ['64:ff9b::a9fe:a9fe', 'link_local'], // NAT64
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'], // 6to4
    ['2002:a9fe:a9fe::1', 'link_local'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // Teredo client 127.0.0.1 (inverted)
    ['2606:4700::1111', 'public'],
    ['not an address', 'unspecified'],
  ];
  for (const [ip, cls] of table) it(`${ip} is ${cls}`, () => expect(addressClass(ip)).toBe(cls));
});

describe('download URLs in every spelling, for a gateway on a public address', () => {
  const base = 'https://gw.example.com';
  const resolve = async (h: string) => (h === 'gw.example.com' ? ['203.0.113.5'] : h === 'cdn.example.net' ? ['198.51.100.7'] : []);
  const refused = [
    'http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://127.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/', 'http://[::ffff:169.254.169.254]/latest/meta-data', 'http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'http://[fe80::1]/',
    'http://[fd00::2]/', 'http://[64:ff9b::7f00:1]/', 'http://[2002:a9fe:a9fe::]/', 'http://localhost./', 'http://LOCALHOST/', 'http://0/',
    'http://nowhere.invalid/',
  ];
  for (const url of refused) it(`refuses ${url}`, async () => expect(await downloadAllowed(url, base, resolve)).toBe(false));
  it('allows a public CDN and the gateway itself', async () => {
    expect(await downloadAllowed('https://cdn.example.net/v.mp4?sig=1', base, resolve)).toBe(true);
    expect(await downloadAllowed('https://gw.example.com/v1/videos/x/content', base, resolve)).toBe(true);
  });
});
