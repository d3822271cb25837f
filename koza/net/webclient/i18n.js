// The page's texts: koza's own catalogues, served by the server as JSON.
const LANGS = ["en", "ru", "ka"];
let texts = {};
let names = { en: "English", ru: "Русский", ka: "ქართული" };
export let lang = "en";

export function chooseLang() {
  const saved = localStorage.getItem("koza.lang");
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export async function load(wanted) {
  const answer = await fetch(`/i18n/${wanted}.json`);
  const data = await answer.json();
  texts = data.texts;
  names = data.languages;
  lang = wanted;
  document.documentElement.lang = wanted;
  localStorage.setItem("koza.lang", wanted);
}

export const languages = () => LANGS.map((l) => [l, names[l] || l]);

/** The text of `key` with its {placeholders} filled; the key itself when unknown. */
export function t(key, values = {}) {
  const text = texts[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** What the server said (a catalogue key and values), or its English when the key is unknown. */
export function said(key, values, english) {
  return key && key in texts ? t(key, values || {}) : english;
}
