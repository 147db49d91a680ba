export function AdminServicesPage() {
  return null;
}
