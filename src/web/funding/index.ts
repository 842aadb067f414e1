// What other features show of funding (decision 028): money in the current language (the admin
// home's Total Funding). The funding page itself is reached through the route table.

export { formatMoneyIn } from './money';
