// The New Vendor and Edit Vendor screens (spec part 3 §2): the same form, empty or filled from the
// vendor as stored. The edit form starts from the first read: a later read of the same vendor (after
// a new token or administrator) refreshes the token and admin lines without resetting what is typed.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { vendorDetailsQueryOptions } from './api/get-vendor-details.ts';
import { editVendorValues, newVendorValues } from './vendor-form-model.ts';
import { VendorForm } from './vendor-form.tsx';

export function NewVendorPage() {
  const [initial] = useState(newVendorValues);
  return <VendorForm initialValues={initial} />;
}

export function EditVendorPage({ vendorId }: { vendorId: string }) {
  const { data: vendor } = useSuspenseQuery(vendorDetailsQueryOptions(vendorId));
  const [initial] = useState(() => editVendorValues(vendor));
  return <VendorForm initialValues={initial} vendor={vendor} />;
}
