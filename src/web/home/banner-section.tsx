const STEPS = [
  {
    title: 'Post a request',
    text: 'Share the patient’s blood group, the hospital, its district and upazila, and when the blood is needed. Donors browsing requests see it at once.',
  },
  {
    title: 'Find a matching donor',
    text: 'Search registered donors by blood group, division, district and upazila, and contact someone who lives near the hospital.',
  },
  {
    title: 'Donate and follow up',
    text: 'A donor confirms on the request page, and the request moves from pending to in progress to done, so nobody is left guessing.',
  },
];

const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'];

export function BannerSection() {
  return (
    <section aria-labelledby="banner-heading" className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
      <div className="max-w-3xl">
        <h2 id="banner-heading" className="text-2xl font-bold sm:text-3xl">
          Connecting donors with recipients
        </h2>
        <p className="mt-4 text-base-content/80">
          Finding blood in an emergency still depends on phone calls, social media posts and luck.
          This application puts willing donors and people in urgent need in one place, organised by
          blood group and location across Bangladesh&apos;s divisions, districts and upazilas, so a
          request reaches the people who can actually help.
        </p>
      </div>

      <ol className="mt-10 grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <span className="badge badge-primary badge-lg font-bold" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="card-title">{step.title}</h3>
              <p className="text-base-content/80">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>

      <div className="mt-10 rounded-box bg-base-200 p-6">
        <h3 className="text-lg font-semibold">Every blood group is needed</h3>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Blood groups">
          {BLOOD_GROUPS.map((group) => (
            <li key={group} className="badge badge-outline badge-lg font-semibold">
              {group}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-base-content/80">
          Most healthy adults aged 18 to 60 who weigh at least 50 kg can give blood, usually once
          every four months. The blood bank checks your health before every donation, and a single
          donation can help more than one patient.
        </p>
      </div>
    </section>
  );
}
