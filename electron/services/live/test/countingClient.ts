/** The live feed's exchange client with every REST read it makes written down (by method name). */
import type { ExchangeClient } from '../../exchange';
import type { LiveClient } from '../account';

export function countingClient(client: ExchangeClient, reads: string[]): LiveClient {
  return {
    websocketUrl: () => client.websocketUrl(),
    websocketToken: (o) => (reads.push('websocketToken'), client.websocketToken(o)),
    positions: (request, o) => (reads.push('positions'), client.positions(request, o)),
    collateralSummary: (o) => (reads.push('collateralSummary'), client.collateralSummary(o)),
    ticker: (o) => (reads.push('ticker'), client.ticker(o)),
    futures: (o) => (reads.push('futures'), client.futures(o)),
    tradeBalance: (request, o) => (reads.push('tradeBalance'), client.tradeBalance(request, o)),
    collateralBalance: (request, o) => (reads.push('collateralBalance'), client.collateralBalance(request, o)),
  };
}
