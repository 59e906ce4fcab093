import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toAppError, type AppError } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { invoke } from '../../api/invoke';
import { useRequestCheck } from './fieldErrors';
import { clearSecret, readSecret } from './KeyFields';

type SecretChannel = Extract<Channel, 'accounts.add' | 'accounts.setKey'>;

/**
 * A form that sends an API key and secret (add an account, replace its key). Deliberately not a
 * TanStack mutation: a mutation keeps its variables (the secret) in the mutation cache after it
 * settles. Here the secret stays in its (uncontrolled) input until `send` reads it, and the payload
 * lives only for the duration of the call. `keyFields` are KeyFields' props.
 */
export function useSecretSubmit<C extends SecretChannel>(channel: C) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [result, setResult] = useState<ResponseOf<C> | null>(null);
  const [apiKey, setApiKey] = useState('');
  const secretRef = useRef<HTMLInputElement | null>(null);
  const { errors, check } = useRequestCheck(channel, error);

  async function submit(payload: RequestOf<C>): Promise<ResponseOf<C> | null> {
    setPending(true);
    setError(null);
    setResult(null);
    try {
      const data = await invoke(channel, payload);
      setResult(data);
      await queryClient.invalidateQueries({ queryKey: ['accounts.list'] });
      return data;
    } catch (thrown) {
      setError(toAppError(thrown));
      return null;
    } finally {
      setPending(false);
    }
  }

  function reset() {
    setError(null);
    setResult(null);
  }

  /** Checks the whole request with the channel's schema, then sends it; the key fields empty once it is saved. */
  async function send(rest: Omit<RequestOf<C>, 'apiKey' | 'apiSecret'>): Promise<ResponseOf<C> | null> {
    reset();
    const payload = { ...rest, apiKey, apiSecret: readSecret(secretRef) } as RequestOf<C>;
    if (!check(payload)) return null;
    const saved = await submit(payload);
    if (saved) {
      clearSecret(secretRef);
      setApiKey('');
    }
    return saved;
  }

  return { send, pending, error, result, errors, keyFields: { apiKey, onApiKeyChange: setApiKey, secretRef, errors } };
}
