import { isMaskedEmail, PRIVACY_TEXTS } from '../../shared/privacy-rules';
import type { Donor } from '../../shared/search';

/** A signed-in searcher gets the address to write to; a visitor its mask (r***@example.com), not a link (issue 17). */
function DonorEmail({ email, className }: { email: string; className: string }) {
  if (isMaskedEmail(email)) {
    return (
      <span className="[overflow-wrap:anywhere]" title={PRIVACY_TEXTS.maskedEmailHint}>
        {email} <span className="sr-only">({PRIVACY_TEXTS.maskedEmailHint})</span>
      </span>
    );
  }
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}

interface DonorResultsProps {
  donors: Donor[];
  /** The number of the first row (page 2 of 10 starts at 11). */
  firstNumber: number;
}

function Avatar({ donor }: { donor: Donor }) {
  // The name is in the next cell: the picture adds nothing for a screen reader.
  if (!donor.avatar) {
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-base-300 font-semibold" aria-hidden="true">
        {donor.name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return <img src={donor.avatar} alt="" width={40} height={40} loading="lazy" decoding="async" className="size-10 shrink-0 rounded-full bg-base-300 object-cover" />;
}

/** Phones: one card per donor, the same fields as the table, nothing to scroll sideways. */
function DonorCards({ donors, firstNumber }: DonorResultsProps) {
  return (
    <ol className="space-y-3 sm:hidden" aria-label="Donors matching the search">
      {donors.map((donor, i) => (
        <li key={donor._id} className="flex gap-3 rounded-box border border-base-300 bg-base-100 p-4">
          <Avatar donor={donor} />
          <div className="min-w-0 flex-1">
            <p className="flex items-start justify-between gap-2">
              <span className="font-semibold [overflow-wrap:anywhere]">
                <span className="text-base-content/70 tabular-nums">{firstNumber + i}.</span> {donor.name}
              </span>
              <span className="badge badge-outline shrink-0 border-primary font-semibold text-primary">
                <span className="sr-only">Blood group </span>
                {donor.blood_group}
              </span>
            </p>
            <p className="mt-1 text-sm">
              <DonorEmail email={donor.email} className="link link-primary [overflow-wrap:anywhere]" />
            </p>
            <p className="mt-1 text-sm text-base-content/80">
              {donor.district}, {donor.upazila}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The spec's results: number, avatar, name, email, blood group, district, upazila. */
export function DonorResults(props: DonorResultsProps) {
  return (
    <>
      <DonorCards {...props} />
      <DonorTable {...props} />
    </>
  );
}

function DonorTable({ donors, firstNumber }: DonorResultsProps) {
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 sm:block" tabIndex={0} role="region" aria-labelledby="donor-results-caption">
      <table className="table">
        <caption id="donor-results-caption" className="sr-only">
          Donors matching the search
        </caption>
        <thead>
          <tr className="text-base-content/80">
            <th scope="col">#</th>
            <th scope="col">
              <span className="sr-only">Avatar</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Blood group</th>
            <th scope="col">District</th>
            <th scope="col">Upazila</th>
          </tr>
        </thead>
        <tbody>
          {donors.map((donor, i) => (
            <tr key={donor._id}>
              <td className="tabular-nums">{firstNumber + i}</td>
              <td className="py-2">
                <Avatar donor={donor} />
              </td>
              <td className="font-medium">{donor.name}</td>
              <td>
                <DonorEmail email={donor.email} className="link link-primary" />
              </td>
              <td>
                <span className="badge badge-outline border-primary font-semibold text-primary">{donor.blood_group}</span>
              </td>
              <td>{donor.district}</td>
              <td>{donor.upazila}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
