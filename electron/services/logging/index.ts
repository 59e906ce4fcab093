export { createLogger, createSilentLogger, logFileIn, type Logger } from './logger';
export { createRedactor, REDACTED, type Redactor } from './redact';
export { describeFsProblem, isPermissionProblem } from './fs-problem';
