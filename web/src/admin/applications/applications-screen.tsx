// The applications inbox of the staff console (/admin/applications):
// the filtered table, and one application at /admin/applications/:id.
import { Route, Routes } from 'react-router';
import { ApplicationDetail } from './application-detail';
import { ApplicationList } from './application-list';

export default function ApplicationsScreen() {
  return (
    <Routes>
      <Route index element={<ApplicationList />} />
      <Route path=":id" element={<ApplicationDetail />} />
    </Routes>
  );
}
