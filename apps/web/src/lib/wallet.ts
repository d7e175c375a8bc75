/** Shared by the wallet page and every feature that spends credits (e.g. sending a message). */
export const walletQueryKey = ['wallet'] as const;
