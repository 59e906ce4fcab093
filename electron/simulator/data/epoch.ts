/** Seeded records are dated before this moment (2025-10-09), so the same seed gives the same data. */
export const DATA_EPOCH_SECONDS = 1_760_000_000;
