// Components that update only what changed: a part of the page is drawn anew as nodes (el),
// then put in place by patch(), which keeps every old node whose markup is the same (and its
// focus, scroll, animation and listeners with it), goes into plain containers to keep what
// is the same inside them, and replaces only the rest. A node with a listener (el's on...)
// is kept whole or replaced whole: its listener's closure belongs to the draw that made it.

const keyOf = (node) => node.dataset && (node.dataset.key || node.dataset.card
  || node.dataset.location || node.dataset.seat || node.dataset.pickLocation) || null;

const plain = (node) => !node.__listens && [...node.childNodes].every((c) => c.nodeType === 1);

function morph(old, next, version) {
  if (old.__version === version && old.outerHTML === next.outerHTML) return old;
  if (old.tagName === next.tagName && plain(old) && plain(next)) {
    for (const {name} of [...old.attributes]) {
      if (!next.hasAttribute(name)) old.removeAttribute(name);
    }
    for (const {name, value} of [...next.attributes]) {
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
    patch(old, [...next.children], version);
    old.__version = version;
    return old;
  }
  next.__version = version;
  old.replaceWith(next);
  return next;
}

/** Put ``nodes`` as ``container``'s children, keeping what did not change. ``version``
 * (the decision shown) keeps no node of an older decision whose listeners would act on it. */
export function patch(container, nodes, version = "") {
  const old = [...container.children];
  const byKey = new Map(old.filter(keyOf).map((node) => [keyOf(node), node]));
  const used = new Set();
  const wanted = nodes.filter(Boolean).map((next, i) => {
    const key = keyOf(next);
    const was = key !== null ? byKey.get(key) : (old[i] && keyOf(old[i]) === null ? old[i] : null);
    if (!was || used.has(was)) { next.__version = version; return next; }
    used.add(was);
    if (was.__version === version && was.outerHTML === next.outerHTML) return was;
    if (was.tagName === next.tagName && plain(was) && plain(next)) return morph(was, next, version);
    next.__version = version;
    return next;
  });
  for (const node of old) if (!wanted.includes(node)) node.remove();
  wanted.forEach((node, i) => {
    const at = container.children[i];
    if (at !== node) container.insertBefore(node, at || null);
  });
}
