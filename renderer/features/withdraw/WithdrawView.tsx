export function WithdrawView() { return null }
