/** Fuzzing (fuzz.ts) of the admin, account and report procedures. */
import { describeFuzzing, inGroup } from './fuzz';

describeFuzzing('admin, account and report', inGroup('adminAndAccounts'));
