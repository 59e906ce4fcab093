import { useEffect, useState, type ReactNode } from 'react';
import type { AppError } from '../../shared/errors';
import { looksLikeCode, readFailure } from '../../shared/failures';
import { t } from '@lingui/core/macro';
import { reasonWords } from '../api/errorWords';
import { useUi } from '../state/ui';
import './ErrorPanel.css';

interface Explanation {
  title: string;
  advice: ReactNode;
}

function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null || deadline <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1_000);
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** A way to Accounts, offered only from other views: on Accounts the key is already at hand. */
function GoToAccounts({ children }: { children: ReactNode }) {
  const setView = useUi((s) => s.setView);
  const onAccounts = useUi((s) => s.view === 'accounts');
  if (onAccounts) return null;
  return (
    <button type="button" className="link-button" onClick={() => setView('accounts')}>
      {children}
    </button>
  );
}

/**
 * One failure, explained for a person: what happened, what to do, and a Retry button. The words
 * come from the error's reason (renderer/api/errorWords.ts) when it has one, else from its kind;
 * the main process's message is shown too (as text, never as HTML).
 */
export function ErrorPanel({ error, onRetry, compact = false, outcome }: { error: AppError; onRetry?: () => void; compact?: boolean; outcome?: string }) {
  const [retryAt] = useState(() => (error.kind === 'rate_limited' && error.retryAfterMs ? Date.now() + error.retryAfterMs : null));
  const secondsLeft = useSecondsUntil(retryAt);
  const explanation = explain(error, secondsLeft);
  const said = error.exchangeSaid;
  // Fields that carry codes are worded by the view that owns them (the Withdraw form), not listed raw.
  const fieldLines = Object.entries(error.fields ?? {})
    .map(([field, messages]) => [field, messages.filter((m) => !looksLikeCode(m))] as const)
    .filter(([, messages]) => messages.length > 0);
  const tone = error.kind === 'network' || error.kind === 'rate_limited' || error.kind === 'timeout' ? 'warning' : 'danger';
  return (
    <div className={`error-panel error-panel--${tone}${compact ? ' error-panel--compact' : ''}`} role="alert" data-error-kind={error.kind}>
      <div className="error-panel__body">
        <p className="error-panel__title">{explanation.title}</p>
        <p className="error-panel__advice">{explanation.advice}</p>
        {/* What the refused action left as it was, in the words of the view that asked. */}
        {outcome ? <p className="error-panel__advice">{outcome}</p> : null}
        {/* The main process's message is for the log; only the exchange's own words are shown, as its words. */}
        {said ? <p className="error-panel__detail">{exchangeSaidWords(said)}</p> : null}
        {fieldLines.length > 0 ? (
          <ul className="error-panel__fields">
            {fieldLines.map(([field, messages]) => (
              <li key={field}>
                <strong>{field}</strong>: {messages.join(' ')}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry} disabled={secondsLeft > 0}>
          {secondsLeft > 0 ? t`Retry in ${secondsLeft} s` : t`Retry`}
        </button>
      ) : null}
    </div>
  );
}

/** Words that use the failure's values, where they say more than the reason's own words. */
function detailedWords(error: AppError): { title?: string; advice?: string } | null {
  const failure = readFailure(error);
  switch (failure?.reason) {
    case 'connection_refused': {
      const { address } = failure.values;
      return { title: t`Connection refused at ${address}` };
    }
    case 'not_an_exchange': {
      const { address } = failure.values;
      return address ? { title: t`${address} is not the exchange’s API` } : null;
    }
    case 'deadline': {
      const { seconds } = failure.values;
      return seconds === undefined ? null : { title: t`No answer from the exchange within ${seconds} s` };
    }
    case 'transport':
      return { advice: transportAdvice(failure.values.cause) };
    case 'response_too_large': {
      const { megabytes } = failure.values;
      return { title: t`The exchange sent more than ${megabytes} MB; it was not read` };
    }
    case 'key_in_use': {
      const { holder } = failure.values;
      return { title: t`This API key is already used by the account “${holder}”` };
    }
    case 'account_has_open_withdrawal': {
      const { amount, ticker, address, uniqueId } = failure.values;
      return { title: t`The withdrawal of ${amount} ${ticker} to ${address} (id ${uniqueId}) may still be paying out` };
    }
    case 'secret_missing': {
      const { account } = failure.values;
      return { title: t`The keychain no longer holds the API secret for “${account}”` };
    }
    case 'settings_unsaved': {
      const { folder } = failure.values;
      return folder === undefined ? null : { title: t`The settings could not be saved in ${folder}` };
    }
    case 'keychain_unreachable':
      return { advice: `${keychainHelp(failure.values.platform)} ${t`API secrets cannot be stored or read until it can. The Demo account works without a keychain.`}` };
    default:
      return null;
  }
}

function transportAdvice(cause: string): string {
  switch (cause) {
    case 'tls':
      return t`The server presented a security certificate that cannot be trusted (expired, self-signed or for another address); the connection was refused for your safety.`;
    case 'dns':
      return t`The exchange address could not be looked up. Check the server address and your internet connection.`;
    case 'cut':
      return t`The connection was cut off before the answer was complete. Try again.`;
    case 'unreachable':
      return t`The exchange cannot be reached from this network. Check your internet connection.`;
    case 'offline':
      return t`There is no network connection.`;
    default:
      return t`The connection failed before an answer arrived. Check your internet connection and try again.`;
  }
}

function keychainHelp(platform: string): string {
  if (platform === 'darwin') return t`Unlock your login keychain (Keychain Access) and try again.`;
  if (platform === 'win32') return t`Make sure Windows Credential Manager is available for your user and try again.`;
  return t`Install and unlock a Secret Service keyring (GNOME Keyring or KWallet) and run the app inside a desktop session so D-Bus can reach it.`;
}

/** The exchange's own words, quoted and labelled as its words wherever they are shown. */
export function exchangeSaidWords(said: string): string {
  return t`The exchange said: “${said}”`;
}

/** Headline and advice as one text, for a line with no room for a panel (a withdrawal's last refusal). */
export function errorSentence(error: AppError): string {
  const { title, advice } = explain(error, 0);
  return typeof advice === 'string' ? `${title}. ${advice}` : `${title}.`;
}

/** The failure's headline in the person's language, for a line that names it (an overview's note). */
export function errorTitle(error: AppError): string {
  return explain(error, 0).title;
}

function explain(error: AppError, secondsLeft: number): Explanation {
  // A code this renderer does not know (a newer main process) gets its kind's words below.
  const words = error.reason ? reasonWords(error.reason) : null;
  if (error.reason && words) {
    const detailed = detailedWords(error);
    if (detailed) return { title: detailed.title ?? words.title, advice: detailed.advice ?? words.advice };
    if (error.kind === 'rate_limited') {
      return { title: words.title, advice: `${words.advice} ${secondsLeft > 0 ? t`You can retry in ${secondsLeft} s.` : t`You can retry now.`}` };
    }
    if (error.reason === 'bad_signature' || error.reason === 'key_disabled') {
      return { title: words.title, advice: <>{words.advice} <GoToAccounts>{t`Fix the key in Accounts`}</GoToAccounts></> };
    }
    return words;
  }
  switch (error.kind) {
    case 'auth':
      return {
        title: t`The exchange refused this API key`,
        advice: (
          <>
            {t`The key may be wrong, disabled, or not allowed from this IP address.`} <GoToAccounts>{t`Fix the key in Accounts`}</GoToAccounts>
          </>
        ),
      };
    case 'permission':
      return {
        title: t`This API key lacks a permission`,
        advice: t`The key works, but it is not allowed to use this part of the account. Enable the permission for this area in the exchange’s API key settings, or use another key.`,
      };
    case 'rate_limited':
      return {
        title: t`The exchange asked us to slow down`,
        advice: secondsLeft > 0 ? t`Too many requests. You can retry in ${secondsLeft} s.` : t`Too many requests. You can retry now.`,
      };
    case 'network':
      return {
        title: t`Offline: cannot reach the exchange`,
        advice: t`Check your internet connection. The data shown may be out of date.`,
      };
    case 'timeout':
      return { title: t`The exchange took too long to answer`, advice: t`It may be busy. Try again in a moment.` };
    case 'keychain':
      return {
        title: t`The API secret could not be read from the system keychain`,
        advice: (
          <>
            {t`The keychain may be locked or the entry was removed.`} <GoToAccounts>{t`Re-enter the secret in Accounts`}</GoToAccounts>
          </>
        ),
      };
    case 'server':
      return { title: t`The exchange had a problem`, advice: t`This is usually temporary. Try again in a moment.` };
    case 'bad_response':
      return { title: t`The exchange sent an answer we could not read`, advice: t`Nothing was changed. Try again; if it keeps happening, the exchange may have changed its API.` };
    case 'validation':
      return { title: t`The request was not accepted`, advice: t`Check the values and try again.` };
    case 'not_found':
      return { title: t`Not found`, advice: t`It may have been removed.` };
    default:
      return { title: t`Something went wrong`, advice: t`Try again. If it keeps happening, the details are in the app’s log.` };
  }
}
