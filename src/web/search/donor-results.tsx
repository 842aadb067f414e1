import { isMaskedEmail } from '../../shared/privacy/model';
import { shownEmail } from '../../shared/users/model';
import type { Donor } from '../../shared/search/schemas';
import { formatNumber, useMessages } from '../i18n';
import { type PlaceNames, usePlaceNames } from '../locations/api';
import { searchResultsText } from './texts';

/** A signed-in searcher gets the address to write to; a visitor its mask (r***@example.com), not a link (issue 17). */
function DonorEmail({ email, className, wrap = '' }: { email: string; className: string; wrap?: string }) {
  const t = useMessages(searchResultsText);
  // A phone-only donor (issue 32) has no address.
  if (!shownEmail(email)) return <span aria-hidden="true">—</span>;
  if (isMaskedEmail(email)) {
    return (
      <span className={wrap} title={t.maskedEmailHint}>
        {email} <span className="sr-only">({t.maskedEmailHint})</span>
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

interface ShownProps extends DonorResultsProps {
  /** A donor's places in the current language. */
  places: (donor: Donor) => PlaceNames;
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
function DonorCards({ donors, firstNumber, places }: ShownProps) {
  const t = useMessages(searchResultsText);
  return (
    <ol className="space-y-3 sm:hidden" aria-label={t.caption}>
      {donors.map((donor, i) => {
        const place = places(donor);
        return (
          <li key={donor._id} className="flex gap-3 rounded-box border border-base-300 bg-base-100 p-4">
            <Avatar donor={donor} />
            <div className="min-w-0 flex-1">
              <p className="flex items-start justify-between gap-2">
                <span className="font-semibold [overflow-wrap:anywhere]">
                  <span className="text-base-content/70 tabular-nums">{formatNumber(firstNumber + i)}.</span> <span data-user-content>{donor.name}</span>
                </span>
                <span className="badge badge-outline shrink-0 border-primary font-semibold text-primary">
                  <span className="sr-only">{t.bloodGroupBefore}</span>
                  {donor.blood_group}
                </span>
              </p>
              <p className="mt-1 text-sm">
                <DonorEmail email={donor.email} className="link link-primary [overflow-wrap:anywhere]" wrap="[overflow-wrap:anywhere]" />
              </p>
              <p className="mt-1 text-sm text-base-content/80">
                {place.district}, {place.upazila}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The spec's results: number, avatar, name, email, blood group, district, upazila (place names in the current language). */
export function DonorResults(props: DonorResultsProps) {
  const places = usePlaceNames(props.donors);
  return (
    <>
      <DonorCards {...props} places={places} />
      <DonorTable {...props} places={places} />
    </>
  );
}

function DonorTable({ donors, firstNumber, places }: ShownProps) {
  const t = useMessages(searchResultsText);
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 sm:block" tabIndex={0} role="region" aria-labelledby="donor-results-caption">
      <table className="table">
        <caption id="donor-results-caption" className="sr-only">
          {t.caption}
        </caption>
        <thead>
          <tr className="text-base-content/80">
            <th scope="col">#</th>
            <th scope="col">
              <span className="sr-only">{t.avatar}</span>
            </th>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.email}</th>
            <th scope="col">{t.bloodGroup}</th>
            <th scope="col">{t.district}</th>
            <th scope="col">{t.upazila}</th>
          </tr>
        </thead>
        <tbody>
          {donors.map((donor, i) => {
            const place = places(donor);
            return (
              <tr key={donor._id}>
                <td className="tabular-nums">{formatNumber(firstNumber + i)}</td>
                <td className="py-2">
                  <Avatar donor={donor} />
                </td>
                <td className="font-medium" data-user-content>
                  {donor.name}
                </td>
                <td>
                  <DonorEmail email={donor.email} className="link link-primary" />
                </td>
                <td>
                  <span className="badge badge-outline border-primary font-semibold text-primary">{donor.blood_group}</span>
                </td>
                <td>{place.district}</td>
                <td>{place.upazila}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
