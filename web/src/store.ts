// IndexedDB as a key/bytes store: read whole when the core starts (the core reads its
// store synchronously), then written through after every update, in order.
import type { StoreWrite } from './pkg/yut_web';

const DB = 'yunnori';
const KV = 'kv';

export interface Store {
  readAll(): Promise<Array<[string, Uint8Array]>>;
  write(writes: StoreWrite[]): void;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error);
  });
}

export async function openStore(): Promise<Store> {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(KV);
  const db = await request(open);
  return {
    async readAll() {
      const tx = db.transaction(KV, 'readonly');
      const keys = (await request(tx.objectStore(KV).getAllKeys())) as string[];
      const values = (await request(tx.objectStore(KV).getAll())) as Uint8Array[];
      return keys.map((k, i) => [k, values[i] ?? new Uint8Array()] as [string, Uint8Array]);
    },
    write(writes) {
      const tx = db.transaction(KV, 'readwrite', { durability: 'strict' });
      const kv = tx.objectStore(KV);
      for (const w of writes) {
        if (w.bytes === null || w.bytes === undefined) kv.delete(w.key);
        else kv.put(new Uint8Array(w.bytes), w.key);
      }
    },
  };
}
