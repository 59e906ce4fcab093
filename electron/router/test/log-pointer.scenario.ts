/**
 * Scenario for log-pointer.test.ts, run as a user that file modes apply to: a router whose log
 * lives in a folder it cannot write (argv[2]) answers a failing handler. Prints the error's message.
 */
import { join } from 'node:path';
import { createLogger } from '../../services/logging';
import { createRouter, type Handlers } from '../index';

const dir = process.argv[2];
if (!dir) throw new Error('usage: log-pointer.scenario.ts <read-only folder>');
const logger = createLogger({ file: join(dir, 'logs', 'main.log') });
const failing = { 'app.info': async () => { throw new Error('boom'); } } as unknown as Handlers;
const answer = await createRouter(failing, { logger, isTrustedSender: () => true }).route('app.info', {}, { transport: 'direct' });
process.stdout.write(`${JSON.stringify({ message: answer.ok ? 'ok' : answer.error.message, writesToFile: logger.writesToFile() })}\n`);
