export { ProjectPage } from './components/ProjectPage';
