/** Where the app writes lines for people: a terminal (the CLI's stdout/stderr) or a test. */
export interface TextOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}
