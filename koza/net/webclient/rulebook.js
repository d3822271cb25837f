// The rule book (Markdown from the server) drawn as headings, paragraphs and lists.
import { el } from "./table.js";

function inline(parent, text) {
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
      parent.append(el("strong", "", part.slice(2, -2)));
    } else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) {
      parent.append(el("code", "", part.slice(1, -1)));
    } else if (part) {
      parent.append(part);
    }
  }
}

export async function ruleBook(lang) {
  const data = await (await fetch(`/rules/${lang}.json`)).json();
  const box = el("article", "rulebook");
  box.dataset.lang = lang;
  let para = null;
  let list = null;
  let item = null;
  for (const line of data.text.split("\n")) {
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    const bullet = line.match(/^\s*[-*]\s+(.*)$/);
    if (!line.trim() || line.startsWith("<!--")) {
      para = list = item = null;
    } else if (heading) {
      para = list = item = null;
      const h = el(`h${Math.min(heading[1].length + 1, 4)}`);
      inline(h, heading[2]);
      box.append(h);
    } else if (bullet) {
      if (!list) box.append((list = el("ul")));
      item = el("li");
      inline(item, bullet[1]);
      list.append(item);
      para = null;
    } else if (item) {
      inline(item, ` ${line.trim()}`);
    } else {
      if (!para) box.append((para = el("p")));
      else para.append(" ");
      inline(para, line.trim());
    }
  }
  return box;
}
