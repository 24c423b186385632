export { ProjectsPage } from './components/ProjectsPage';
export { ProjectDetailPage } from './components/ProjectDetailPage';
