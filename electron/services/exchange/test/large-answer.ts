/** Large exchange answers for the size tests. */
import type { ServerResponse } from 'node:http';

/** An assets answer of about `bytes`, shaped as the exchange sends it (numbers as JSON numbers included). */
export function assetsAnswer(bytes: number): string {
  const entries: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const entry = `"A${i}":${JSON.stringify({
      name: `Asset number ${i} with a long descriptive name`,
      unified_cryptoasset_id: i,
      can_withdraw: true,
      can_deposit: true,
      min_withdraw: '0.001',
      max_withdraw: '1000000',
      maker_fee: '0.1',
      taker_fee: '0.1',
      min_deposit: '0.01',
      max_deposit: '0',
      currency_precision: 8,
      is_memo: false,
      networks: { deposits: ['ERC20', 'TRC20', 'BEP20'], withdraws: ['ERC20', 'TRC20', 'BEP20'], default: 'ERC20' },
      limits: { deposit: { ERC20: { min: '0.01' } }, withdraw: { ERC20: { min: '0.001', max: '1000000' } } },
    }).replace('"0.001"', '0.001')}`;
    entries.push(entry);
    size += entry.length + 1;
  }
  return `{${entries.join(',')}}`;
}

/**
 * The crafted server runs in this process: its body is encoded once, ahead, so that encoding it
 * per request does not count as the client's stall.
 */
export function answerWith(res: ServerResponse, body: Buffer): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  res.end(body);
}
