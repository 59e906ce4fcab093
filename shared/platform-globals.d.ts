/**
 * The few web-platform globals shared code may use, because both runtimes have them (Node and the
 * browser): declared here for the shared/ project only, which has neither the DOM nor Node's types.
 * The renderer and electron projects get the full definitions from their own libraries.
 */
interface AbortSignal {
  readonly aborted: boolean;
}

declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly href: string;
}
