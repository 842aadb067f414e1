import type { AUTH_TEXTS } from '../../users/auth-texts';
import type { Catalogue } from '../catalogue';

// বাংলা: login, registration and the avatar field. Terms follow docs/glossary.md.

export default {
  'auth/login': {
    heading: 'লগইন',
    intro: 'আবার স্বাগতম। প্রোফাইল আর রক্তদানের অনুরোধ দেখতে লগইন করুন।',
    email: 'ইমেইল',
    password: 'পাসওয়ার্ড',
    submit: 'লগইন',
    or: 'অথবা',
    google: 'গুগল দিয়ে লগইন করুন',
    github: 'গিটহাব দিয়ে লগইন করুন',
    newHere: 'এখানে নতুন?',
    createAccount: 'অ্যাকাউন্ট খুলুন',
    socialFailure: 'গুগল বা গিটহাব দিয়ে লগইন হয়নি। আবার চেষ্টা করুন, অথবা ইমেইল ও পাসওয়ার্ড দিয়ে লগইন করুন।',
    emailRequired: '*ইমেইল দিন',
  },
  'auth/register': {
    invite: 'রক্তদাতাদের দলে যোগ দিন',
    heading: 'নিবন্ধন',
    intro: 'একবার নিবন্ধন করলেই আপনার উপজেলার কাছে যে রোগীদের আপনার রক্তের গ্রুপ লাগবে, তাঁরা আপনাকে খুঁজে পাবেন। লাগবে মাত্র এক মিনিট।',
    photo: 'ছবি',
    fullName: 'পুরো নাম',
    email: 'ইমেইল',
    phone: 'ফোন (ঐচ্ছিক)',
    phoneHint: 'শুধু যাঁদের রক্ত দিতে আপনি রাজি হবেন, তাঁরাই নম্বরটি দেখবেন',
    password: 'পাসওয়ার্ড',
    passwordHint: '৬ থেকে ২০ অক্ষর; অন্তত একটি বড় হাতের ও একটি ছোট হাতের অক্ষর, একটি সংখ্যা, আর এগুলোর একটি চিহ্ন: {specials}',
    confirmPassword: 'পাসওয়ার্ড আবার লিখুন',
    confirmToggle: 'আবার লেখা পাসওয়ার্ড',
    submit: 'অ্যাকাউন্ট খুলুন',
    haveAccount: 'আগেই অ্যাকাউন্ট আছে?',
    login: 'লগইন',
    created: 'অ্যাকাউন্ট তৈরি হয়েছে',
  },
  'auth/avatar': {
    uploading: 'ছবি আপলোড হচ্ছে…',
    tooLarge: 'ছবিটি সর্বোচ্চ {size} মেগাবাইটের হতে পারে',
  },
} satisfies Catalogue<typeof AUTH_TEXTS>;
