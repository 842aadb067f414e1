// The words the demo data is made of (scripts/seed-demo.ts): names in Bangla and in English,
// hospitals, and the blog posts. Invented people: any likeness is chance.

/** [Bangla, English] given names. */
export const GIVEN_NAMES: [string, string][] = [
  ['রহিম', 'Rahim'], ['করিম', 'Karim'], ['আয়েশা', 'Ayesha'], ['ফাতেমা', 'Fatema'], ['নুসরাত', 'Nusrat'], ['তানভীর', 'Tanvir'],
  ['সাকিব', 'Sakib'], ['মাহমুদ', 'Mahmud'], ['রুবিনা', 'Rubina'], ['শারমিন', 'Sharmin'], ['জাহিদ', 'Zahid'], ['ইমরান', 'Imran'],
  ['নাদিয়া', 'Nadia'], ['সুমাইয়া', 'Sumaiya'], ['আরিফ', 'Arif'], ['হাসান', 'Hasan'], ['মিতু', 'Mitu'], ['রাকিব', 'Rakib'],
  ['তাসলিমা', 'Taslima'], ['শফিক', 'Shafiq'], ['মৌসুমী', 'Mousumi'], ['পলাশ', 'Palash'], ['দীপা', 'Dipa'], ['সজীব', 'Sajib'],
  ['লাবণ্য', 'Labonno'], ['অনিক', 'Anik'], ['প্রিয়াঙ্কা', 'Priyanka'], ['সুমন', 'Suman'], ['রিয়া', 'Riya'], ['মাসুদ', 'Masud'],
];

/** [Bangla, English] family names. */
export const FAMILY_NAMES: [string, string][] = [
  ['আহমেদ', 'Ahmed'], ['হোসেন', 'Hossain'], ['ইসলাম', 'Islam'], ['রহমান', 'Rahman'], ['চৌধুরী', 'Chowdhury'], ['খান', 'Khan'],
  ['বেগম', 'Begum'], ['আক্তার', 'Akter'], ['সরকার', 'Sarkar'], ['দাস', 'Das'], ['রায়', 'Roy'], ['মিয়া', 'Mia'],
  ['তালুকদার', 'Talukder'], ['মজুমদার', 'Majumder'], ['শেখ', 'Sheikh'], ['উদ্দিন', 'Uddin'], ['বড়ুয়া', 'Barua'], ['পাল', 'Paul'],
];

export const HOSPITAL_KINDS = ['Sadar Hospital', 'Medical College Hospital', 'General Hospital', 'Diagnostic & Hospital', 'Specialised Hospital'];

export const REQUEST_MESSAGES = [
  'My mother needs blood before her surgery. Please come to the ward and call the family.',
  'Thalassaemia patient, needs a transfusion this week.',
  'Road accident, the patient is in the emergency ward.',
  'Caesarean delivery planned; the doctor asked for blood to be ready.',
  'Dengue patient, platelet count falling.',
  'Cancer treatment: blood needed after chemotherapy.',
  'Heart surgery scheduled; two bags needed.',
];

export const BLOG_POSTS: { title: string; paragraphs: string[] }[] = [
  { title: 'Why one donation matters', paragraphs: ['A single donation can help up to three patients: whole blood is separated into red cells, platelets and plasma.', 'In Bangladesh the need is highest during the dengue season and for thalassaemia patients, who need blood every few weeks.'] },
  { title: 'Who can give blood?', paragraphs: ['Most healthy adults aged 18 to 60 who weigh at least 45 kg can give blood.', 'Wait 120 days after a whole-blood donation. Platelet donors can give again after a week.'] },
  { title: 'Before you donate: eat, drink, rest', paragraphs: ['Sleep well the night before, eat a proper meal and drink plenty of water.', 'Bring your phone: the family of the patient may want to thank you.'] },
  { title: 'Thalassaemia and regular donors', paragraphs: ['Children with thalassaemia major need transfusions every two to four weeks for life.', 'A circle of regular donors of the right group keeps them safe.'] },
  { title: 'Dengue season: why platelets run short', paragraphs: ['Dengue can make the platelet count fall quickly.', 'Platelets keep only five days, so donors are needed all through the season.'] },
  { title: 'Blood groups in Bangladesh', paragraphs: ['B positive and O positive are the most common groups here; negative groups are rare.', 'A donor with a rare group is precious: keep your profile up to date.'] },
  { title: 'What happens to your blood', paragraphs: ['Your donation is tested, separated and stored at the right temperature.', 'Red cells keep for about 42 days, plasma for a year frozen.'] },
  { title: 'Myths about giving blood', paragraphs: ['Giving blood does not make you weak: your body replaces the fluid within a day.', 'The needle is new and used once: you cannot catch an infection by donating.'] },
  { title: 'Never pay for blood', paragraphs: ['Donating through this site is always free. Nobody should ask the family for money.', 'Report any request that asks for payment.'] },
  { title: 'How volunteers keep requests moving', paragraphs: ['Volunteers check requests, call donors and close requests when the blood has been given.', 'Join as a volunteer in your district.'] },
  { title: 'A donor story from Sylhet', paragraphs: ['Sharmin gave blood for the first time for a neighbour and has given every four months since.', '"It takes half an hour and someone goes home to their family," she says.'] },
  { title: 'Camps in universities this winter', paragraphs: ['Student groups are running blood-grouping camps across the eight divisions.', 'Know your group: it is the first step to becoming a donor.'] },
];

export const GIFT_NAMES = ['Sharmin Akter', 'Tanvir Hasan', 'রুবিনা ইসলাম', 'Imran Chowdhury', 'Dhaka Rotaract Club', 'নাদিয়া রহমান'];
