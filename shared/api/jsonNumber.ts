/**
 * A JSON number kept as its source text. The main process's lossless reader (electron/services/exchange/parseAnswer.ts) makes
 * these for answers whose numbers would not survive a float; the schemas turn them into decimal
 * strings or integers. Defined here, not taken from the parser library, so shared code (and the
 * page, which imports the schemas) does not carry the parser.
 */
export class JsonNumber {
  constructor(readonly source: string) {}
}

/** The exact text of a JSON number read losslessly; anything else is returned as it is. */
export function numberSourceOf(value: unknown): unknown {
  return value instanceof JsonNumber ? value.source : value;
}
