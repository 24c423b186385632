export { Button, type ButtonProps } from './components/Button';
export { Spinner } from './components/Spinner';
export { Modal, type ModalProps } from './components/Modal';
export { StatePanel } from './components/StatePanel';
export { Icon, ICON_NAMES, type IconName } from './components/Icon';
export { ErrorFallback } from './components/ErrorFallback';
export { ComingSoon } from './components/ComingSoon';
export { EmptyState } from './components/EmptyState';
export {
  formatThousands,
  formatKrw,
  formatDate,
  seoulDay,
  seoulTime,
  formatPhone,
  isValidPhone,
  PHONE_PATTERN,
} from './helpers/format';
export { debounce, throttle, SHARE_TOOLTIP_MS, type Cancellable } from './helpers/timing';
export { useAsync, type AsyncState } from './hooks/use-async';
export { useMediaQuery } from './hooks/use-media-query';
