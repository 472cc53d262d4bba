// What the table companion keeps on the phone, so that nothing is lost without the
// server or when the tab is closed: the entries waiting to be sent (IndexedDB, in the
// order they were made, each with its id and the version of the evening it follows),
// the last sheet seen of each evening (to open it offline), and the list of the
// evenings this device scores or views (localStorage, read by the start page).
// Without IndexedDB (a browser that refuses it) the same is kept in localStorage.

const DB_NAME = "atout-companion";
const WAITING = "waiting";
const VIEWS = "views";
const EVENINGS_KEY = "atout-companion-evenings";
const MAX_EVENINGS = 50;

/** A new entry id: a UUID (v4), also where crypto.randomUUID is missing (http on a LAN). */
export function newId() {
  if (globalThis.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

let opening = null;

function open() {
  if (!opening) {
    opening = new Promise((resolve) => {
      if (!globalThis.indexedDB) return resolve(null);
      let request;
      try {
        request = indexedDB.open(DB_NAME, 1);
      } catch (e) {
        return resolve(null);
      }
      request.onupgradeneeded = () => {
        const db = request.result;
        const waiting = db.createObjectStore(WAITING, { keyPath: "key", autoIncrement: true });
        waiting.createIndex("evening", "evening");
        db.createObjectStore(VIEWS, { keyPath: "key" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    });
  }
  return opening;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function tx(store, mode, work) {
  const db = await open();
  if (!db) return work(null);
  const transaction = db.transaction(store, mode);
  const finished = new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
  const result = await work(transaction.objectStore(store));
  await finished;
  return result;
}

// -- the localStorage fallback ----------------------------------------------------------

function readLocal(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch (e) {
    return fallback;
  }
}

function writeLocal(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (e) {
    // full or refused: kept in the page only
  }
}

const LOCAL_WAITING = "atout-companion-waiting";

// -- the entries waiting to be sent --------------------------------------------------------

/** The entries of `evening` waiting to be sent, oldest first. */
export async function waiting(evening) {
  const items = await tx(WAITING, "readonly", async (store) => {
    if (!store) return readLocal(LOCAL_WAITING, []).filter((i) => i.evening === evening);
    return done(store.index("evening").getAll(evening));
  });
  return items.sort((a, b) => a.key - b.key);
}

/** Keep `entry` (made on the sheet of version `n`) until the server has stored it. */
export async function addWaiting(evening, entry, n, where) {
  const item = { evening, id: newId(), n, entry, where, made: Date.now() };
  return tx(WAITING, "readwrite", async (store) => {
    if (!store) {
      const all = readLocal(LOCAL_WAITING, []);
      item.key = all.reduce((m, i) => Math.max(m, i.key), 0) + 1;
      writeLocal(LOCAL_WAITING, [...all, item]);
      return item;
    }
    item.key = await done(store.add(item));
    return item;
  });
}

/** Forget a waiting entry (stored, or taken back by the scorer). */
export async function removeWaiting(key) {
  await tx(WAITING, "readwrite", async (store) => {
    if (!store) writeLocal(LOCAL_WAITING, readLocal(LOCAL_WAITING, []).filter((i) => i.key !== key));
    else await done(store.delete(key));
  });
}

/** Number the waiting entries of `evening` again from version `version`, in order. */
export async function renumber(evening, version) {
  const items = await waiting(evening);
  items.forEach((item, i) => {
    item.n = version + i;
  });
  await tx(WAITING, "readwrite", async (store) => {
    if (!store) {
      const others = readLocal(LOCAL_WAITING, []).filter((i) => i.evening !== evening);
      writeLocal(LOCAL_WAITING, [...others, ...items]);
      return;
    }
    for (const item of items) await done(store.put(item));
  });
  return items;
}

// -- the last sheet seen --------------------------------------------------------------------

/** Keep the sheet `view` of `key` (an evening seen with one link) to open it offline. */
export async function saveView(key, view) {
  await tx(VIEWS, "readwrite", async (store) => {
    if (!store) writeLocal(`atout-companion-view-${key}`, view);
    else await done(store.put({ key, view }));
  });
}

/** The last sheet kept for `key`, or null. */
export async function lastView(key) {
  return tx(VIEWS, "readonly", async (store) => {
    if (!store) return readLocal(`atout-companion-view-${key}`, null);
    const found = await done(store.get(key));
    return found ? found.view : null;
  });
}

// -- the evenings of this device ------------------------------------------------------------

/** The evenings this device scores or views, the last seen first. */
export function evenings() {
  const list = readLocal(EVENINGS_KEY, []);
  return Array.isArray(list) ? list.sort((a, b) => b.seen - a.seen) : [];
}

/** Note that this device has seen `view` with the link `link`. */
export function remember(view, link) {
  const list = evenings().filter((e) => !(e.id === view.evening && e.role === view.role));
  list.unshift({
    id: view.evening,
    role: view.role,
    link,
    names: view.names,
    donnes: view.donnes.filter((d) => d.over).length,
    seen: Date.now(),
  });
  writeLocal(EVENINGS_KEY, list.slice(0, MAX_EVENINGS));
}

/** Take an evening off this device's list (the evening itself stays on the server). */
export function forget(id, role) {
  writeLocal(EVENINGS_KEY, evenings().filter((e) => !(e.id === id && e.role === role)));
}
