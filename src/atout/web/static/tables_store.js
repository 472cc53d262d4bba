// The tables this browser knows, kept in its localStorage: the tables it created
// ("atout.owners": the owner's link, every seat's link, and the creator's own seat) and
// every link it opened ("atout.tables": the table, the link, its role and seat, the
// name, when it was last opened). The lobby lists them under "Your tables"; a seat's
// page sends the owner's token it finds here, which gives it the owner's controls.
const OWNERS = "atout.owners";
const OPENED = "atout.tables";
const MOST = 50;

function read(key) {
  try {
    const list = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function write(key, list) {
  try {
    localStorage.setItem(key, JSON.stringify(list.slice(0, MOST)));
  } catch {
    /* storage full or disabled: the page still works, the lobby will not list it */
  }
}

/** The token of a link: the text after its #. */
export function tokenOf(url) {
  const i = (url || "").indexOf("#");
  return i < 0 ? "" : decodeURIComponent(url.slice(i + 1));
}

/** The tables created from this browser, newest first. */
export function owned() {
  return read(OWNERS).filter((x) => x && x.table && x.owner);
}

export function ownedEntry(table) {
  return owned().find((x) => x.table === table) || null;
}

/** The owner's token of `table`, if this browser created it. */
export function ownerToken(table) {
  const entry = ownedEntry(table);
  return entry ? tokenOf(entry.owner) : "";
}

export function rememberOwned(entry) {
  write(OWNERS, [entry, ...owned().filter((x) => x.table !== entry.table)]);
}

/** Change the kept entry of `table` (a seat's new link), if there is one. */
export function updateOwned(table, change) {
  const list = owned();
  const entry = list.find((x) => x.table === table);
  if (!entry) return;
  change(entry);
  write(OWNERS, list);
}

/** The links opened in this browser, the last opened first. */
export function opened() {
  return read(OPENED).filter((x) => x && x.table && x.link);
}

/** Keep a link that opened its table: {table, link, role, seat, name}; it replaces
 * the entry of the same link and the older link of the same seat (a new link). */
export function rememberOpened(entry) {
  const same = (x) => x.link === entry.link
    || (x.table === entry.table && x.role === entry.role && (x.seat ?? null) === (entry.seat ?? null));
  const kept = { ...entry, opened: new Date().toISOString() };
  write(OPENED, [kept, ...opened().filter((x) => !same(x))]);
}

/** Forget every link of `table` this browser kept. */
export function forget(table) {
  write(OPENED, opened().filter((x) => x.table !== table));
  write(OWNERS, owned().filter((x) => x.table !== table));
}
