/**
 * A stand-in for the part of Electron's macOS binary that the fuse checks read, since the
 * Electron binary cannot be downloaded here: an "Electron Framework" file inside an app bundle,
 * holding a fuse wire in Electron's format (the sentinel, the wire's version and length, one
 * state byte per fuse), at Electron's defaults unless a test gives its own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @electron/fuses' sentinel: the fuse wire follows it in the Electron Framework binary. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/**
 * Electron's defaults, in wire order (Electron's fuses tutorial): runAsNode on, cookie encryption
 * off, NODE_OPTIONS on, --inspect on, asar integrity off, only-from-asar off, the browser-process
 * V8 snapshot off, file:// privileges on, and a ninth (WebAssembly trap handlers, on), as newer
 * Electrons have: @electron/fuses 1.8 has no name for it (2.1 calls it WasmTrapHandlers).
 * '1' is on, '0' off.
 */
const DEFAULT_WIRE = '101100011';

/** The Electron Framework binary inside an app bundle (where @electron/fuses reads the wire). */
function frameworkBinary(app: string): string {
  return join(app, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework');
}

/** Writes a fuse wire (`'1'` on, `'0'` off per fuse) into an app's framework binary. */
export function writeFuseWire(app: string, wire = DEFAULT_WIRE): void {
  const file = frameworkBinary(app);
  mkdirSync(join(file, '..'), { recursive: true });
  // Bytes before and after, as in a real binary, so nothing relies on the wire being the whole file.
  writeFileSync(file, Buffer.concat([Buffer.from('stand-in framework '), Buffer.from(SENTINEL), Buffer.from([1, wire.length]), Buffer.from(wire), Buffer.from(' end')]));
}
