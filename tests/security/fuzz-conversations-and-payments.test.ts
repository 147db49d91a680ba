/** Fuzzing (fuzz.ts) of the conversation, payment and review procedures. */
import { describeFuzzing, inGroup } from './fuzz';

describeFuzzing('conversation, payment and review', inGroup('conversationsAndPayments'));
