import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/app/event-bus.ts';

describe('event bus', () => {
  it('delivers in order and removes only the stopped owner’s listeners', () => {
    const bus = new EventBus();
    const a = {};
    const b = {};
    const seen: string[] = [];
    bus.on('notice', a, (n) => seen.push(`a:${n.message}`));
    bus.on('notice', b, (n) => seen.push(`b:${n.message}`));
    bus.emit('notice', { level: 'info', message: '1' });
    bus.removeListeners(a);
    bus.emit('notice', { level: 'info', message: '2' });
    expect(seen).toEqual(['a:1', 'b:1', 'b:2']);
    expect(bus.listenerCount('notice')).toBe(1);
  });

  it('a failing listener is reported and does not stop the others', () => {
    const bus = new EventBus();
    const got: string[] = [];
    bus.on('link', {}, () => {
      throw new Error('boom');
    });
    bus.on('link', {}, (s) => got.push(s.state));
    bus.on('notice', {}, (n) => got.push(n.message));
    bus.emit('link', { state: 'ready' });
    expect(got).toEqual(['a link listener failed: boom', 'ready']);
  });
});
