// A view that arrives sooner than this replaces the old one directly: a skeleton flashing for a
// few frames is worse than none. Apart from pending-view.tsx so the end-to-end tests can read it.
export const SKELETON_DELAY_MS = 200
