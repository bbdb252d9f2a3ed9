import { useState } from 'react';

/**
 * State for the ErrorModal of a form: `show(message)` opens it; closing keeps the message so the text does
 * not vanish during the closing animation.
 */
export function useFailureModal() {
  const [state, setState] = useState({ open: false, message: '' });
  return {
    show: (message: string) => setState({ open: true, message }),
    props: {
      open: state.open,
      message: state.message,
      onClose: () => setState((current) => ({ ...current, open: false })),
    },
  };
}
