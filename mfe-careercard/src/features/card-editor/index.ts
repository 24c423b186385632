export { CardEditorPage } from './components/CardEditorPage';
