// Money and dates as people in Bangladesh read them: "৳1,850.50", "5 Mar 2026".

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in the currency's major unit (taka), e.g. formatMoney(1850.5, 'bdt') -> "৳1,850.50". */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-BD', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
    } catch {
      // An unknown code: still show the number, with the code after it.
      const plain = new Intl.NumberFormat('en-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${plain.format(amount)} ${code}`;
    }
    moneyFormats.set(code, format);
  }
  return format.format(amount);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** A stored phone as people read it: "+8801712345678" -> "+880 1712-345678"; anything else as it is. */
export function formatPhone(phone: string): string {
  const m = /^\+880(1\d{3})(\d{6})$/.exec(phone);
  return m ? `+880 ${m[1]}-${m[2]}` : phone;
}
