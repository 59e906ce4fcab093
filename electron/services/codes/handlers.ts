/** The codes.* channels: the account's codes and codes history, read-only. */
import type { HandlersOf } from '../../router';
import type { CodeService } from './service';

export function codeHandlers(codes: CodeService): HandlersOf<'codes'> {
  return {
    'codes.page': (p, _s, { signal }) => codes.page(p, signal),
  };
}
