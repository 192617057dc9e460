/**
 * A player's renders after its first (a clip's video, the mobile header's and footer's contents,
 * its ready state once its entry has ended), each an item of one queue that runs a slice at a
 * time (src/slices.ts): a player's first render,
 * with a phone's CPU the longest piece of work it asks of the page, comes in pieces, and a
 * screenful of players adds no long task.
 */
import { slices } from '../slices';

export const later = slices<() => void>((render) => render());
