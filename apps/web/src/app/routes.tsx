import { Navigate, Route, Routes } from 'react-router-dom';

function Placeholder({ title }: { title: string }) {
  return <h1 className="p-8 text-2xl font-semibold">{title}</h1>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Placeholder title="Login" />} />
      <Route path="/" element={<Navigate to="/my-dashboard" replace />} />
      <Route path="*" element={<Placeholder title="Compliance Platform" />} />
    </Routes>
  );
}
