import { t } from '@lingui/core/macro';
import { AppFailure, type Envelope } from '../../shared/errors';
import type { Channel, InvokeOptions, RequestOf, ResponseOf } from '../../shared/ipc';
import { getBridge } from './bridge';
import { takeBooted } from './boot';

/** Calls a channel and returns its data; a failure is thrown as an `AppFailure` carrying the AppError. */
export async function invoke<C extends Channel>(channel: C, payload: RequestOf<C>, options?: InvokeOptions): Promise<ResponseOf<C>> {
  let envelope;
  try {
    // The first settings, accounts and landing answers come with the bootstrap (renderer/api/boot.ts).
    envelope = ((await takeBooted(channel, payload)) as Envelope<ResponseOf<C>> | undefined) ?? (await (options ? getBridge().invoke(channel, payload, options) : getBridge().invoke(channel, payload)));
  } catch {
    // The contract says bridges answer envelopes; a throw means the bridge itself broke.
    throw new AppFailure({ kind: 'internal', message: t`The connection to the app’s main process failed.` });
  }
  if (envelope.ok) return envelope.data;
  throw new AppFailure(envelope.error);
}
