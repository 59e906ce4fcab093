export { createAccountService, type AccountService, type AccountServiceOptions, type ClientConfig } from './service';
export { probeAreas, probeNewKey, isNoPermission, type ProbeableClient } from './probe';
