import { t } from '@lingui/core/macro';
import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppError } from '../../../shared/errors';
import { readFailure } from '../../../shared/failures';
import { paidAfterDiscard, type RecentPayment, type WithdrawalRecord } from '../../../shared/model/withdrawals';
import { type AccountSummary } from '../../../shared/model/accounts';
import { channelQueryKey, useBridgeEvent, useChannelMutation, useChannelQuery } from '../../api/queries';
import { EmptyState, ErrorPanel, Skeleton, View } from '../../components';
import { DatabaseUnavailableNotice, useDatabaseUnavailable } from './DatabaseNotice';
import { KeyRefusalNotice, keyRefusalOf } from './KeyRefusal';
import { KnownDestinations } from './KnownDestinations';
import { ConfirmWithdrawal } from './ConfirmWithdrawal';
import { EMPTY_FORM, mapServerError, prepareRequest, withdrawableAssets, type FieldErrors, type FieldName, type FormValues } from './formModel';
import { RecentWithdrawals } from './RecentWithdrawals';
import { isTravelRuleRefusal, TravelRuleRefusal } from './TravelRuleRefusal';
import { WithdrawalStatus } from './WithdrawalStatus';
import { WithdrawForm, type MarketData } from './WithdrawForm';
import './withdrawals.css';

type Step = { kind: 'form' } | { kind: 'confirm'; uniqueId: string } | { kind: 'status'; uniqueId: string };

/** Fee-on-top withdrawal: form -> confirmation -> live status, with the recent withdrawals below. */
export function WithdrawView({ account }: { account: AccountSummary }) {
  const accountId = account.id;
  const queryClient = useQueryClient();
  // Fresh on every visit: a stale fee or balance would make the preview lie.
  const fresh = { staleTime: 0, refetchOnMount: 'always' as const };
  const assets = useChannelQuery('exchange.assets', { accountId }, { ...fresh, refetchInterval: false });
  const fees = useChannelQuery('exchange.fees', { accountId }, { ...fresh, refetchInterval: false });
  const balance = useChannelQuery('exchange.balance', { accountId }, fresh);
  const list = useChannelQuery('withdrawals.list', { accountId }, { refetchInterval: false });
  // The Travel Rule VASP picker: only EEA accounts need it.
  const vasps = useChannelQuery('withdrawals.vasps', { accountId }, { enabled: account.eea, refetchInterval: false, staleTime: 10 * 60_000 });
  const vaspName = (vaspId: string) => vasps.data?.vasps.find((v) => v.vaspId === vaspId)?.name;
  const databaseUnavailable = useDatabaseUnavailable();

  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  /** The exchange asked for Travel Rule details the form did not show: the account is not ticked as EEA. */
  const [travelRuleRefused, setTravelRuleRefused] = useState(false);
  const [actionError, setActionError] = useState<AppError | null>(null);
  /** Answers of our own calls, in case the list has not caught up yet. */
  const [known, setKnown] = useState<Record<string, WithdrawalRecord>>({});

  const remember = useCallback(
    (record: WithdrawalRecord) => {
      if (record.accountId !== accountId) return;
      setKnown((k) => ({ ...k, [record.uniqueId]: record }));
      queryClient.setQueryData<WithdrawalRecord[]>(channelQueryKey('withdrawals.list', { accountId }), (old) => {
        const others = (old ?? []).filter((r) => r.uniqueId !== record.uniqueId);
        return [record, ...others].sort((a, b) => b.createdAt - a.createdAt);
      });
      // Money left (or came back): the balance shown anywhere must be refetched.
      if (record.state !== 'prepared') void queryClient.invalidateQueries({ queryKey: ['withdrawals.destinations'] });
      if (record.state === 'sent') {
        void queryClient.invalidateQueries({ queryKey: ['exchange.balance'] });
        // Also while Balances is not on screen, so it shows the new figures the moment it opens.
        void queryClient.invalidateQueries({ queryKey: ['balances.overview'], refetchType: 'all' });
      }
    },
    [accountId, queryClient],
  );
  useBridgeEvent('withdrawals.updated', remember);

  const recordById = (uniqueId: string): WithdrawalRecord | undefined => {
    const fromList = list.data?.find((r) => r.uniqueId === uniqueId);
    const ours = known[uniqueId];
    if (fromList && ours) return fromList.updatedAt >= ours.updatedAt ? fromList : ours;
    return fromList ?? ours;
  };

  const applyError = (error: AppError) => {
    const mapped = mapServerError(error);
    setServerErrors(mapped.fields);
    setGeneral(mapped.general);
    setTravelRuleRefused(isTravelRuleRefusal(error));
  };

  // Every answer the service gives is the record as it now stands: kept, and the last error goes.
  const accept = (record: WithdrawalRecord) => {
    remember(record);
    setActionError(null);
  };
  const prepare = useChannelMutation('withdrawals.prepare', {
    onSuccess: (record) => {
      accept(record);
      setStep({ kind: 'confirm', uniqueId: record.uniqueId });
    },
    onError: (failure) => applyError(failure.error),
  });
  const send = useChannelMutation('withdrawals.send', {
    onSuccess: (record) => {
      accept(record);
      if (record.state === 'prepared') {
        // Proven not sent (throttled, key refused): stay on the confirmation; the same id may be sent again.
        if (record.lastError) setActionError(record.lastError);
        return;
      }
      // Only while this withdrawal is still on screen: an answer that comes late (a lookup after a
      // lost answer takes a while) must not pull the person away from another draft they opened.
      setStep((shown) => (shown.kind !== 'form' && shown.uniqueId === record.uniqueId ? { kind: 'status', uniqueId: record.uniqueId } : shown));
    },
    onError: (failure) => setActionError(failure.error),
  });
  const reconcile = useChannelMutation('withdrawals.reconcile', {
    onSuccess: accept,
    onError: (failure) => setActionError(failure.error),
  });
  const discard = useChannelMutation('withdrawals.discard', { invalidates: ['withdrawals.list'] });
  const deleteDraft = useChannelMutation('withdrawals.discard', {
    invalidates: ['withdrawals.list'],
    onSuccess: () => setActionError(null),
    onError: (failure) => setActionError(failure.error),
  });
  const discardAbsent = useChannelMutation('withdrawals.discard', {
    invalidates: ['withdrawals.list'],
    onSuccess: () => {
      setActionError(null);
      setStep({ kind: 'form' });
    },
    onError: (failure) => setActionError(failure.error),
  });

  const market: MarketData | null = useMemo(
    () =>
      assets.data && fees.data && balance.data
        ? { assets: assets.data.items, fees: fees.data, balance: balance.data.items }
        : null,
    [assets.data, fees.data, balance.data],
  );

  const startNew = () => {
    setStep({ kind: 'form' });
    setValues(EMPTY_FORM);
    setServerErrors({});
    setGeneral(null);
    setTravelRuleRefused(false);
    setActionError(null);
  };

  const editRecord = (record: WithdrawalRecord) => {
    setValues(formValuesOf(record));
    if (record.lastError) applyError(record.lastError);
    setActionError(null);
    setStep({ kind: 'form' });
  };

  const backToEdit = (record: WithdrawalRecord) => {
    // The prepared record was never sent; forget it so the list is not cluttered with drafts.
    discard.mutate({ uniqueId: record.uniqueId }, { onSettled: () => editRecord({ ...record, lastError: null }) });
  };

  const openRecord = (record: WithdrawalRecord) => {
    setActionError(null);
    setStep(record.state === 'prepared' ? { kind: 'confirm', uniqueId: record.uniqueId } : { kind: 'status', uniqueId: record.uniqueId });
  };

  const dataError = assets.error ?? fees.error ?? balance.error;
  const current = step.kind === 'form' ? undefined : recordById(step.uniqueId);
  const errorPanel = actionError ? <ActionError error={actionError} /> : null;

  let main;
  if (databaseUnavailable) {
    main = <DatabaseUnavailableNotice status={databaseUnavailable} />;
  } else if (step.kind !== 'form' && current) {
    main =
      step.kind === 'confirm' && current.state === 'prepared' ? (
        <ConfirmWithdrawal
          record={current}
          accountName={account.name}
          isDemo={account.isDemo}
          sendBlocked={keyRefusalOf(account)}
          pending={send.isPending}
          newDestination={current.newDestination || actionError?.reason === 'new_destination_unconfirmed'}
          recentTwin={recentTwinRefused(actionError) ?? current.recentTwin ?? null}
          onConfirm={(acceptedNewDestination, acceptedRecentTwin) =>
            send.mutate({
              uniqueId: current.uniqueId,
              confirmedTotal: current.totalDebit,
              ...(acceptedNewDestination ? { acceptNewDestination: true as const } : {}),
              ...(acceptedRecentTwin ? { acceptRecentTwin: acceptedRecentTwin } : {}),
            })
          }
          onEdit={() => backToEdit(current)}
          editing={discard.isPending}
          error={errorPanel}
          vaspName={vaspName}
        />
      ) : (
        <WithdrawalStatus
          record={current}
          checking={reconcile.isPending}
          resending={send.isPending}
          onCheckAgain={() => reconcile.mutate({ uniqueId: current.uniqueId })}
          onSendAgain={() => send.mutate({ uniqueId: current.uniqueId, confirmedTotal: current.totalDebit })}
          onDiscard={() => discardAbsent.mutate({ uniqueId: current.uniqueId })}
          discarding={discardAbsent.isPending}
          onEdit={current.state === 'rejected' ? () => editRecord(current) : null}
          onNew={startNew}
          error={errorPanel}
          vaspName={vaspName}
          refusal={
            current.state === 'rejected' && isTravelRuleRefusal(current.lastError) && !account.eea ? (
              <TravelRuleRefusal account={account} onTicked={() => editRecord(current)} />
            ) : null
          }
        />
      );
  } else if (!market) {
    main =
      dataError && !market ? (
        <ErrorPanel
          error={dataError.error}
          onRetry={() => {
            void assets.refetch();
            void fees.refetch();
            void balance.refetch();
          }}
        />
      ) : (
        <Skeleton rows={6} label={t`Loading assets, fees and balance`} />
      );
  } else if (withdrawableAssets(market.assets, market.balance).length === 0) {
    main = <EmptyState title={t`Nothing to withdraw`}>{t`This account holds no asset that can be withdrawn right now.`}</EmptyState>;
  } else {
    main = (
      <WithdrawForm
        values={values}
        onChange={(next) => {
          setValues(next);
          setGeneral(null);
        }}
        data={market}
        feeSchedule={fees.data}
        serverErrors={serverErrors}
        onServerErrorSeen={(field: FieldName) =>
          setServerErrors((errors) => {
            if (!(field in errors)) return errors;
            const rest = { ...errors };
            delete rest[field];
            return rest;
          })
        }
        busy={prepare.isPending}
        sendBlocked={keyRefusalOf(account)}
        eea={account.eea}
        vasps={vasps.data}
        vaspsLoading={vasps.isLoading}
        onReview={(check) => {
          setGeneral(null);
          setServerErrors({});
          prepare.mutate(prepareRequest(accountId, values, check));
        }}
        general={
          travelRuleRefused && !account.eea ? (
            <TravelRuleRefusal account={account} onTicked={() => setGeneral(null)} />
          ) : general ? (
            <div className="withdraw-alert" role="alert">
              {general}
            </div>
          ) : null
        }
      />
    );
  }

  return (
    <View name="withdraw" title={t`Withdraw`} className="withdraw-view" subtitle={t`Fee on top: the receiver gets exactly the amount you enter \u00b7 ${account.name}`}>
      {(list.data ?? []).filter(paidAfterDiscard).map((record) => (
        <div key={record.uniqueId} className="withdraw-alert" role="alert" data-testid="paid-after-discard">
          {t`A withdrawal you discarded was paid after all: ${record.amount} ${record.ticker} to ${record.address} (id ${record.uniqueId}). It appeared in the exchange history after you discarded it.`}
        </div>
      ))}
      <KeyRefusalNotice account={account} />
      {main}
      {step.kind === 'form' && market && !databaseUnavailable ? (
        <KnownDestinations
          accountId={accountId}
          accountName={account.name}
          onPick={(d) => {
            setValues((v) => ({ ...v, ticker: d.ticker, network: d.network ?? '', provider: d.provider ?? '', address: d.address, memo: d.memo ?? '' }));
            setServerErrors({});
            setGeneral(null);
          }}
        />
      ) : null}
      {list.error && !databaseUnavailable ? <ErrorPanel error={list.error.error} onRetry={() => void list.refetch()} compact /> : null}
      <RecentWithdrawals
        records={list.data ?? []}
        onOpen={openRecord}
        onDelete={(record) => {
          // The draft on screen goes away with it.
          if (step.kind === 'confirm' && step.uniqueId === record.uniqueId) setStep({ kind: 'form' });
          deleteDraft.mutate({ uniqueId: record.uniqueId });
        }}
        deleting={deleteDraft.isPending ? (deleteDraft.variables?.uniqueId ?? null) : null}
      />
    </View>
  );
}

/** The form as it was for a recorded withdrawal (edit and try again). */
function formValuesOf(record: WithdrawalRecord): FormValues {
  const tr = record.travelRule;
  const b = tr?.beneficiary;
  return {
    ...EMPTY_FORM,
    ticker: record.ticker,
    network: record.network ?? '',
    provider: record.provider ?? '',
    memo: record.memo ?? '',
    address: record.address,
    amount: record.amount,
    walletType: tr?.walletType ?? '',
    vaspId: tr?.walletType === 'hosted' && 'vaspId' in tr.vaspData ? tr.vaspData.vaspId : '',
    vaspName: tr?.walletType === 'hosted' && 'vaspName' in tr.vaspData ? tr.vaspData.vaspName : '',
    beneficiaryType: b?.type ?? '',
    trFirstName: b?.type === 'individual' ? b.firstName : '',
    trLastName: b?.type === 'individual' ? b.lastName : '',
    trFullName: b?.type === 'entity' ? b.fullName : '',
    residenceCountry: b?.residenceCountry ?? '',
    addrCountry: b?.address.country ?? '',
    addrCity: b?.address.city ?? '',
    addrLine1: b?.address.addressLine1 ?? '',
    addrPostCode: b?.address.postCode ?? '',
    fiatFirstName: record.beneficiary?.firstName ?? '',
    fiatLastName: record.beneficiary?.lastName ?? '',
    bankBic: record.bankBic ?? '',
    customerIp: record.customerIp ?? '',
    acceptUnknownFee: false,
  };
}

/** An action's failure: field-free exchange answers in plain words, everything else as an ErrorPanel. */
function ActionError({ error }: { error: AppError }) {
  const mapped = mapServerError(error);
  const fieldWords = Object.values(mapped.fields);
  if (error.kind === 'validation' || error.kind === 'rate_limited') {
    return (
      <div className="withdraw-alert" role="alert">
        {[mapped.general, ...fieldWords].filter(Boolean).join(' ')}
      </div>
    );
  }
  return <ErrorPanel error={error} compact />;
}

/** The payment a send was refused for repeating (another window sent it after this draft was made). */
function recentTwinRefused(error: AppError | null): RecentPayment | null {
  const failure = error ? readFailure(error) : null;
  if (failure?.reason !== 'recent_twin_unconfirmed') return null;
  const { twinId, amount, ticker, sentAt } = failure.values;
  return { uniqueId: twinId, amount, ticker, sentAt };
}
