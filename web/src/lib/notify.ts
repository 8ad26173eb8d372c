import { toast } from 'sonner';

/** The one way a screen tells of an outcome that leaves nothing else on screen to see. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};
