// Whether the person's system asks pages to reduce motion (`prefers-reduced-motion`): the
// learner then opens paused (controller.js) and links scroll without animation (main.js);
// style.css turns off animation and transitions under the same query.

export const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
