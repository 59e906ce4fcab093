export { createLogger, createSilentLogger, logFileIn, type Logger, type LoggerOptions, type LogLevel } from './logger';
export { createRedactor, REDACTED, type Redactor } from './redact';
export { describeFsProblem, isPermissionProblem } from './fs-problem';
