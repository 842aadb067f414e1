import { formatPhone } from '../lib/format';
import { PhoneIcon } from './icons';

/** A phone number to call: a tel: link (the stored +880 form), shown grouped. */
export function PhoneLink({ phone, className = '' }: { phone: string; className?: string }) {
  return (
    <a href={`tel:${phone}`} className={`link inline-flex items-center gap-1.5 font-semibold whitespace-nowrap ${className}`}>
      <PhoneIcon className="size-4" />
      {formatPhone(phone)}
    </a>
  );
}
