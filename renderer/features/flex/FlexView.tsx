export function FlexView() { return null }
