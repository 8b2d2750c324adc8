/** What @types/johnny-five leaves out and the scoring board uses. */
import 'johnny-five';

declare module 'johnny-five' {
  interface BoardOption {
    sigint?: boolean | undefined;
  }
  namespace Led {
    interface Digits {
      /** Device `addr`, position 0 = leftmost digit, one character of Led.Digits.CHARS. */
      digit(addr: number, position: number, character: string): this;
      print(message: string, options?: { device: number }): this;
    }
  }
}
