export { HistoryPage } from './components/HistoryPage';
export { HistoryDetailPage } from './components/HistoryDetailPage';
export { AnswersPage } from './components/AnswersPage';
export { CurrentApplications } from './components/CurrentApplications';
