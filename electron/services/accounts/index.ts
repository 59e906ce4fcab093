export { createAccountService, type AccountService, type AccountServiceOptions, type ClientConfig } from './service';
export { probeAreas, probeNewKey, isNoPermission, type ProbeableClient } from './probe';
export { createAccountIdentities, keyHash, type AccountIdentities } from './identities';
