// The table companion: open an evening (players, names, rules profile).
import { ruleLink } from "./rules.js";
import { evenings, forget } from "./companion_store.js";

const boot = JSON.parse(document.getElementById("boot").textContent);
const fr = boot.lang === "fr";
const T = fr
  ? {
    player: "Joueur", fft: "FFT (règles officielles)", maison: "Maison", same: "Les règles de la FFT, sans différence.",
    scorer: "marqueur", viewer: "spectateur", forget: "Oublier", donneOne: "{n} donne", donnes: "{n} donnes",
    evenings: "Les soirées de cet appareil",
    kept: "Gardées sur cet appareil seulement : « Oublier » retire une soirée de la liste, pas du serveur.",
  }
  : {
    player: "Player", fft: "FFT (official rules)", maison: "House", same: "The FFT's rules, no difference.",
    scorer: "scorer", viewer: "viewer", forget: "Forget", donneOne: "{n} donne", donnes: "{n} donnes",
    evenings: "This device's evenings",
    kept: "Kept on this device only: “Forget” takes an evening off the list, not off the server.",
  };

const players = document.getElementById("players");
const names = document.getElementById("names");
const profile = document.getElementById("profile");
const differences = document.getElementById("differences");
const error = document.getElementById("error");

function renderNames() {
  const n = Number(players.value);
  const old = [...names.querySelectorAll("input")].map((i) => i.value);
  names.replaceChildren();
  for (let s = 0; s < n; s++) {
    const label = document.createElement("label");
    label.textContent = `${T.player} ${s + 1} `;
    const input = document.createElement("input");
    input.name = `name${s}`;
    input.maxLength = 40; // the server's bound too (MAX_NAME): names are never shortened
    input.value = old[s] || "";
    input.placeholder = `${T.player} ${s + 1}`;
    label.append(input);
    names.append(label);
  }
}

function renderProfiles() {
  for (const p of boot.profiles) {
    const option = document.createElement("option");
    option.value = p.name;
    option.textContent = T[p.name] || p.name;
    profile.append(option);
  }
}

function renderDifferences() {
  const chosen = boot.profiles.find((p) => p.name === profile.value);
  differences.replaceChildren();
  const items = chosen ? chosen.differences : [];
  if (!items.length) {
    const li = document.createElement("li");
    li.textContent = T.same;
    differences.append(li);
  }
  for (const d of items) {
    const li = document.createElement("li");
    li.append(ruleLink(d.rule, boot.lang, `${fr ? "Règle" : "Rule"} ${d.rule}`), ` ⚙ ${d.text}`);
    differences.append(li);
  }
}

players.addEventListener("change", renderNames);
profile.addEventListener("change", renderDifferences);
renderNames();
renderProfiles();
renderDifferences();

document.getElementById("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  error.textContent = "";
  const rules = {};
  const penalty = Number(document.getElementById("penalty").value || 0);
  if (penalty) rules.early_pickup_penalty = penalty;
  if (document.getElementById("bar_plain").checked) rules.bar_plain_card_exposer = true;
  const body = {
    players: Number(players.value),
    names: [...names.querySelectorAll("input")].map((i, s) => i.value.trim() || `${T.player} ${s + 1}`),
    profile: profile.value,
    rules,
  };
  try {
    const answer = await fetch(`/api/companion?lang=${boot.lang}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await answer.json();
    if (!answer.ok) {
      error.textContent = data.error;
      return;
    }
    window.location.assign(data.scorer);
  } catch (e) {
    error.textContent = fr ? "Pas de connexion au serveur." : "No connection to the server.";
  }
});

// The evenings this device scores or views (kept by the evening page), the last first.
function renderEvenings() {
  const list = evenings();
  const section = document.getElementById("evenings");
  section.hidden = list.length === 0;
  section.replaceChildren();
  if (!list.length) return;
  const heading = document.createElement("h2");
  heading.textContent = T.evenings;
  const ul = document.createElement("ul");
  ul.className = "evenings";
  ul.id = "evening-list";
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = T.kept;
  section.append(heading, ul, hint);
  for (const e of list) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = e.link;
    a.className = "evening";
    const when = new Date(e.seen).toLocaleDateString(boot.lang, { day: "numeric", month: "short" });
    const one = e.donnes === 1 || (fr && e.donnes === 0); // French: 0 and 1 singular
    const donnes = (one ? T.donneOne : T.donnes).replace("{n}", e.donnes);
    a.textContent = `${e.names.join(", ")} · ${donnes} · ${T[e.role]} · ${when}`;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = T.forget;
    button.addEventListener("click", () => {
      forget(e.id, e.role);
      renderEvenings();
    });
    li.append(a, button);
    ul.append(li);
  }
}

renderEvenings();
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker
    .register("/companion-sw.js", { scope: "/companion" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active.postMessage({ keep: window.location.pathname }))
    .catch(() => {}); // without it the page still works online, its entries kept all the same
}
