import type { Db } from '../../db/database';
import type { PaymentProvider } from '../../payments/payment-provider';

export const SUITE_CHECKS = ['config', 'intent', 'fees', 'routing', 'webhook'] as const;
export type SuiteCheck = (typeof SUITE_CHECKS)[number];
export type CheckStatus = 'passed' | 'failed' | 'warning';
export interface CheckResult {
  status: CheckStatus;
  message: string;
  details?: Record<string, unknown>;
}

export const SUITE_MESSAGES = {
  liveKeys: 'Not in test mode! Using live keys.',
  notResponding: 'Edge function not responding',
  skipped: 'Payment skipped when the provider has not connected an account',
  feeMismatch: 'Fee breakdown mismatch',
} as const;

export interface SuiteDeps {
  db: Db;
  payments: PaymentProvider;
  /** This server's own address, where the webhook check posts (the real endpoint, over HTTP). */
  selfUrl(): string;
}
