import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toAppError, type AppError } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { invoke } from '../../api/invoke';

type SecretChannel = Extract<Channel, 'accounts.add' | 'accounts.setKey'>;

/**
 * Sends a request that carries an API secret. Deliberately not a TanStack mutation: a mutation
 * keeps its variables (the secret) in the mutation cache after it settles. Here the payload lives
 * only for the duration of the call.
 */
export function useSecretSubmit<C extends SecretChannel>(channel: C) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [result, setResult] = useState<ResponseOf<C> | null>(null);

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

  return { submit, pending, error, result, reset };
}
