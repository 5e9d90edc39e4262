export const templateDatabase = 'namjai_test_template';

/** The database of the current vitest worker. */
export const workerDatabase = () => `namjai_test_w${process.env.VITEST_POOL_ID ?? '0'}`;
