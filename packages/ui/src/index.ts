export { Button, type ButtonProps } from './components/Button';
export { Spinner } from './components/Spinner';
export { Modal, type ModalProps } from './components/Modal';
export { StatePanel } from './components/StatePanel';
export { ErrorFallback } from './components/ErrorFallback';
export { ComingSoon } from './components/ComingSoon';
export { EmptyState } from './components/EmptyState';
export { formatThousands, formatKrw, formatDate, formatPhone, isValidPhone, PHONE_PATTERN } from './helpers/format';
export { debounce, throttle, type Cancellable } from './helpers/timing';
