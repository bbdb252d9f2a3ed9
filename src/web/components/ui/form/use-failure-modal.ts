import { useState } from 'react';
import type { ShownMessage } from '#web/lib/message-text';

/**
 * State for the ErrorModal of a form: `show(message)` opens it; closing keeps the message so the text does
 * not vanish during the closing animation.
 */
export function useFailureModal() {
  const [state, setState] = useState<{ open: boolean; message: ShownMessage }>({ open: false, message: '' });
  return {
    show: (message: ShownMessage) => setState({ open: true, message }),
    props: {
      open: state.open,
      message: state.message,
      onClose: () => setState((current) => ({ ...current, open: false })),
    },
  };
}
