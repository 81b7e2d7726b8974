/** Heights of the board list's items, in px: the app's virtual list and the boot preview place rows with them. */
export const GROUP_HEIGHT = 30;
export const ROW_HEIGHT = 50;
export const WORKTREE_HEIGHT = 38;
