// A data cache whose entries carry a checksum: each is stored as a 16-byte header (a tag, the length and two
// 32-bit FNV-1a sums over the 32-bit words, of even and odd words) and the bytes. An entry that is
// short, long or does not match its sums (a torn write, a disk error, a file put there by hand) reads as
// missing, so the data is built again; it is never trusted. A store that cannot be read, or refuses a write (a
// full disk, a browser's quota, a folder that is not one), is a store with nothing in it: it costs a build, never
// the search that needs the data.

import type { DataCache } from '../src/contracts/game';

const TAG = 0x41504331; // "APC1"
const HEADER = 16;

function checksums(bytes: Uint8Array): [number, number] {
  let even = 0x811c9dc5;
  let odd = 0x01000193;
  const words = Math.floor(bytes.length / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < words; i++) {
    const word = view.getUint32(4 * i, true);
    if (i & 1) odd = Math.imul(odd ^ word, 0x01000193);
    else even = Math.imul(even ^ word, 0x01000193);
  }
  for (let i = 4 * words; i < bytes.length; i++) even = Math.imul(even ^ bytes[i], 0x01000193);
  return [even >>> 0, odd >>> 0];
}

export function checkedCache(cache: DataCache): DataCache {
  return {
    async read(name) {
      const stored = await cache.read(name).catch(() => null);
      if (!stored || stored.length < HEADER) return null;
      const header = new DataView(stored.buffer, stored.byteOffset, HEADER);
      const bytes = stored.subarray(HEADER);
      if (header.getUint32(0, true) !== TAG || header.getUint32(4, true) !== bytes.length) return null;
      const [even, odd] = checksums(bytes);
      return header.getUint32(8, true) === even && header.getUint32(12, true) === odd ? bytes : null;
    },
    async write(name, bytes) {
      const stored = new Uint8Array(HEADER + bytes.length);
      const header = new DataView(stored.buffer, 0, HEADER);
      const [even, odd] = checksums(bytes);
      header.setUint32(0, TAG, true);
      header.setUint32(4, bytes.length, true);
      header.setUint32(8, even, true);
      header.setUint32(12, odd, true);
      stored.set(bytes, HEADER);
      await cache.write(name, stored).catch(() => {});
    },
  };
}
