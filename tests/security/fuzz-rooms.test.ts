/** Fuzzing (fuzz.ts) of the room procedures. */
import { describeFuzzing, inGroup } from './fuzz';

describeFuzzing('room', inGroup('rooms'));
