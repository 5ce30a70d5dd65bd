/** Order numbers: "WS-" and 8 characters of an alphabet without look-alikes (no I, O, 0 or 1). */
export const ORDER_NUMBER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const ORDER_NUMBER_PATTERN = /^WS-[A-HJ-NP-Z2-9]{8}$/;
