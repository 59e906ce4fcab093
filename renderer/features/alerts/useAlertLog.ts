import { useQueryClient } from '@tanstack/react-query';
import { channelQueryKey, useBridgeEvent, useChannelQuery } from '../../api/queries';

/**
 * What the main-process watcher raised this run, and its state. Not polled: the main process
 * pushes `alerts.fired` and `alerts.status`, and each one refreshes the log; a log that comes into
 * view asks again, as what was pushed while no log was open was heard by nobody.
 */
export function useAlertLog() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: channelQueryKey('alerts.log', {}) });
  useBridgeEvent('alerts.fired', refresh);
  useBridgeEvent('alerts.status', refresh);
  return useChannelQuery('alerts.log', {}, { refetchInterval: false, staleTime: Infinity, refetchOnMount: 'always' });
}
