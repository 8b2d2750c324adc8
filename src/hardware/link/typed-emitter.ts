/** A tiny typed event hub: listeners by event name, a throwing listener cannot break the link. */
export class TypedEmitter<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void) {
    this.#onListenerError = onListenerError;
  }

  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => this.off(event, listener);
  }

  off<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): void {
    this.#listeners.get(event)?.delete(listener);
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (p: Events[E]) => void)(payload);
      } catch (e) {
        this.#onListenerError(e);
      }
    }
  }

  removeAll(): void {
    this.#listeners.clear();
  }
}
