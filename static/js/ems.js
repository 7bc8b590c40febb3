// Widths of texts in ems of the page's font, measured once each on a canvas: what style.css
// needs to draw a name or a tag small enough to fit a box's width (CSS cannot measure text).

const ems = new Map();
let ruler = null;

/** The width of `text` at font weight `weight`, in ems of the page's font (0 with no canvas). */
export function textEm(text, weight) {
  const key = `${weight} ${text}`;
  if (!ems.has(key)) {
    if (!ruler) ruler = document.createElement("canvas").getContext("2d");
    if (ruler) ruler.font = `${weight} 100px ${getComputedStyle(document.body).fontFamily}`;
    ems.set(key, ruler ? ruler.measureText(text).width / 100 : 0);
  }
  return ems.get(key);
}

/** The width of the longest word of `text` in bold (a name's), in ems of the page's font. */
export function longestWordEm(text) {
  return Math.max(0, ...String(text).split(/\s+/).map((word) => textEm(word, 700)));
}

/** The width, in ems, of the wider line of `text` (bold) broken in two between the words where
 * that line is narrowest: the room a name needs on two lines (its longest word, for one word). */
export function twoLinesEm(text) {
  const words = String(text).split(/\s+/).filter(Boolean);
  if (words.length < 2) return longestWordEm(text);
  const line = (part) => textEm(part.join(" "), 700);
  return Math.min(...words.slice(1).map((_, i) => Math.max(line(words.slice(0, i + 1)), line(words.slice(i + 1)))));
}
