// Tiny DOM builder: every text goes through text nodes, never innerHTML.

/** h("button#id.act.big", {onclick, "aria-label": ...}, "text", child...); "tag.cls#id" works too. */
export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const [name, id] = tag.split("#");
  const last = classes.length ? classes[classes.length - 1].split("#") : [];
  if (last.length > 1) classes[classes.length - 1] = last[0];
  const el = document.createElement(name || "div");
  if (id || last[1]) el.id = id || last[1];
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "class") {
      el.className += (el.className ? " " : "") + value;
    } else if (key === "value") {
      el.value = value;
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A short-lived message (aria-live region); errors stay a little longer. */
export function toast(message, kind = "info") {
  const box = document.getElementById("toasts");
  const item = h(`div.toast.toast-${kind}`, { role: kind === "error" ? "alert" : null }, message);
  box.append(item);
  setTimeout(() => item.classList.add("leaving"), kind === "error" ? 5500 : 3000);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
  while (box.children.length > 4) box.firstElementChild.remove();
}

/** Copy text to the clipboard, with a fallback for insecure contexts. */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  const area = h("textarea", { "aria-hidden": "true" });
  Object.assign(area.style, { position: "fixed", left: "-9999px" }); // CSSOM: allowed by the CSP
  area.value = text;
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Run `render` and give focus back to the equivalent element (same id or data-key). */
export function keepFocus(render, fallback) {
  const active = document.activeElement;
  const key = active && active !== document.body ? (active.id ? `#${CSS.escape(active.id)}`
    : active.dataset && active.dataset.key ? `[data-key="${CSS.escape(active.dataset.key)}"]` : null) : null;
  const start = active && "selectionStart" in active ? [active.selectionStart, active.selectionEnd] : null;
  render();
  if (!active || active === document.body || document.contains(active)) return;
  const again = key && document.querySelector(key);
  if (again) {
    again.focus({ preventScroll: true });
    if (start && "setSelectionRange" in again) {
      try { again.setSelectionRange(...start); } catch { /* not a text field */ }
    }
  } else if (fallback) {
    fallback()?.focus({ preventScroll: true });
  }
}

/** A remembered choice (localStorage), or null where storage is refused. */
export function stored(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Remember a choice; in private mode it lasts for this page only. */
export function store(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}
