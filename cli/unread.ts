/**
 * What the developer wrote in a thread that the agent has not read: what `wait` shows when it
 * wakes. The same times as the store's "unseen" (isUnseen): the comment counts when it is
 * newer than the agent's last read (written, edited, or delivered by a submitted round), a
 * reply when it was written or edited since.
 */
import type { Comment, Reply } from '../shared';

export interface Unread {
  /** The thread's own comment is new to the agent. */
  comment: boolean;
  /** The developer's replies written or edited since the agent last read the thread, oldest first. */
  replies: Reply[];
}

export function unreadIn(c: Comment): Unread {
  const seen = c.agentLastSeenAt;
  const since = (at: string | undefined): boolean => at !== undefined && (seen === undefined || at > seen);
  return {
    comment: (c.author === 'human' && since(c.editedAt ?? c.createdAt)) || since(c.submittedAt),
    replies: c.thread.filter((r) => r.author === 'human' && since(r.editedAt ?? r.createdAt)),
  };
}
