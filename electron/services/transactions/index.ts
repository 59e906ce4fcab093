export { createTransactionService, type TransactionService } from './service';
export { transactionHandlers } from './handlers';
