export function PositionsView() { return null }
