/** The words negotiation and settlement share, kept apart so that neither state machine imports the other. */
export type Party = 'client' | 'provider';

/** A completed service is confirmed by itself this many days after completion unless the client disputes it. */
export const AUTO_CONFIRM_DAYS = 3;
/** A client may open a dispute until this many days after paying. */
export const DISPUTE_WINDOW_DAYS = 30;
