import { describe, expect, it } from 'vitest';
import { CallGate } from '../../../src/platform/linux/atspi/callGate.js';
import { AtspiClient } from '../../../src/platform/linux/atspi/client.js';
import type { AtspiConnection } from '../../../src/platform/linux/atspi/connection.js';
import { AtspiError } from '../../../src/platform/linux/atspi/errors.js';
import { IFACE } from '../../../src/platform/linux/atspi/names.js';

/** A call that resolves (or rejects) when the test says so, recording when it was started. */
function pendingCall(started: string[], name: string) {
  let settle!: (ok: boolean) => void;
  const call = () => {
    started.push(name);
    return new Promise<string>((resolve, reject) => {
      settle = (ok) => (ok ? resolve(name) : reject(new Error(name)));
    });
  };
  return { call, settle: (ok = true) => settle(ok) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CallGate', () => {
  it('starts at most `limit` calls per application, the others in order as answers come', async () => {
    const gate = new CallGate(2);
    const started: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => pendingCall(started, name));
    const results = calls.map((c) => gate.run('app', c.call));
    const firstFails = expect(results[0]).rejects.toThrow('a');
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(gate.load('app')).toEqual({ running: 2, waiting: 2 });
    calls[1]!.settle();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    calls[0]!.settle(false); // a failed call frees its place too
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    calls[2]!.settle();
    calls[3]!.settle();
    await firstFails;
    await expect(Promise.all(results.slice(1))).resolves.toEqual(['b', 'c', 'd']);
    expect(gate.load('app')).toEqual({ running: 0, waiting: 0 });
  });

  it('a place freed is handed to the first waiting call: a newcomer never runs over the limit', async () => {
    const gate = new CallGate(1);
    const started: string[] = [];
    const first = pendingCall(started, 'first');
    const waiting = pendingCall(started, 'waiting');
    const newcomer = pendingCall(started, 'newcomer');
    void gate.run('app', first.call);
    void gate.run('app', waiting.call);
    first.settle();
    // Queued in the same turn as the release: it must wait behind the call already waiting.
    const late = gate.run('app', newcomer.call);
    await tick();
    expect(started).toEqual(['first', 'waiting']);
    expect(gate.load('app')).toEqual({ running: 1, waiting: 1 });
    waiting.settle();
    await tick();
    newcomer.settle();
    await expect(late).resolves.toBe('newcomer');
  });

  it('each application has its own places; a call that throws at once frees its place', async () => {
    const gate = new CallGate(1);
    const started: string[] = [];
    const slow = pendingCall(started, 'slow');
    void gate.run('one', slow.call);
    await expect(gate.run('two', () => Promise.resolve('other app'))).resolves.toBe('other app');
    await expect(
      gate.run('two', () => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    expect(gate.load('two')).toEqual({ running: 0, waiting: 0 });
    slow.settle();
  });
});

describe('CallGate.failWaiting', () => {
  it('fails the waiting calls of that application at once; the running ones and other applications go on', async () => {
    const gate = new CallGate(2, (error) => (error as { code?: string }).code === 'timeout');
    const started: string[] = [];
    const stuck = pendingCall(started, 'stuck');
    const running = gate.run('hung', stuck.call);
    const timingOut = gate.run('hung', () => Promise.reject(Object.assign(new Error('no answer'), { code: 'timeout' })));
    const waiting = ['a', 'b'].map((name) => gate.run('hung', () => (started.push(name), Promise.resolve(name))));
    const elsewhere = gate.run('other', () => Promise.resolve('answered'));
    await expect(timingOut).rejects.toMatchObject({ code: 'timeout' });
    for (const call of waiting) await expect(call).rejects.toMatchObject({ code: 'timeout' });
    expect(started).toEqual(['stuck']); // never sent
    await expect(elsewhere).resolves.toBe('answered');
    expect(gate.load('hung')).toEqual({ running: 1, waiting: 0 });
    stuck.settle();
    await expect(running).resolves.toBe('stuck');
    expect(gate.load('hung')).toEqual({ running: 0, waiting: 0 });
  });

  it('another failure (an object gone) fails that call only', async () => {
    const gate = new CallGate(1, (error) => (error as { code?: string }).code === 'timeout');
    const gone = gate.run('app', () => Promise.reject(Object.assign(new Error('gone'), { code: 'gone' })));
    const next = gate.run('app', () => Promise.resolve('answered'));
    await expect(gone).rejects.toThrow('gone');
    await expect(next).resolves.toBe('answered');
  });
});

describe('AtspiClient through its gate', () => {
  /** A bus whose calls wait until the test answers them, recording how many were in flight at most. */
  function fakeBus() {
    const pending: Array<{ member: string; answer: (error?: Error) => void }> = [];
    const seen = { inFlight: 0, most: 0 };
    const link = {
      closed: false,
      call: (message: { member: string }) =>
        new Promise<unknown[]>((resolve, reject) => {
          seen.most = Math.max(seen.most, ++seen.inFlight);
          pending.push({
            member: message.member,
            answer: (error) => {
              seen.inFlight--;
              if (error) reject(error);
              else resolve([1]);
            },
          });
        }),
    };
    const connection = { bus: () => link, callTimeoutMs: 5000 } as unknown as AtspiConnection;
    return { connection, pending, seen };
  }

  it('keeps at most maxInFlight calls to an application on the wire; a timeout fails the waiting ones at once', async () => {
    const { connection, pending, seen } = fakeBus();
    const client = new AtspiClient(connection, { peerToPeer: false, maxInFlight: 2 });
    const timedOut: string[] = [];
    client.onTimeout = (bus) => timedOut.push(bus);
    const app = { bus: ':1.7', path: '/org/a11y/atspi/accessible/root' };
    const calls = Array.from({ length: 6 }, () => client.call(app, IFACE.accessible, 'GetRole'));
    for (const call of calls) call.catch(() => undefined);
    await tick();
    expect(pending).toHaveLength(2);
    pending[0]!.answer();
    await tick();
    expect(pending).toHaveLength(3);
    pending[1]!.answer(new AtspiError('timeout', 'no answer'));
    await tick();
    await expect(calls[0]).resolves.toEqual([1]);
    await expect(calls[1]).rejects.toMatchObject({ code: 'timeout' });
    // Calls 4 to 6 had not been sent: they fail with the timeout, without waiting for their own.
    for (const call of calls.slice(3)) await expect(call).rejects.toMatchObject({ code: 'timeout' });
    expect(pending.map((p) => p.member)).toHaveLength(3);
    expect(seen.most).toBe(2);
    expect(timedOut.length).toBeGreaterThan(0);
    pending[2]!.answer();
    await expect(calls[2]).resolves.toEqual([1]);
    expect(client.gate.load(app.bus)).toEqual({ running: 0, waiting: 0 });
  });
});
