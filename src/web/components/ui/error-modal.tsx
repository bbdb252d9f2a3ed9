import { FormattedMessage, useIntl } from 'react-intl';
import { messageText, type ShownMessage } from '#web/lib/message-text';
import { Modal } from './modal';

export type ErrorModalProps = {
  message: ShownMessage;
  open: boolean;
  onClose: () => void;
};

/**
 * Shows a supplied message with an OK button; OK, Escape or a click outside closes it. The message is a ref,
 * worded here in the page's language, or a text already in it (the server's, apiErrorText's).
 */
export function ErrorModal({ message, open, onClose }: ErrorModalProps) {
  const intl = useIntl();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={intl.formatMessage({ id: 'ui.errorModal.title', defaultMessage: 'Error' })}
      hideTitle
      description={messageText(intl, message)}
      size="sm"
      showClose={false}
    >
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 min-w-24 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          <FormattedMessage id="ui.errorModal.ok" defaultMessage="OK" />
        </button>
      </div>
    </Modal>
  );
}
