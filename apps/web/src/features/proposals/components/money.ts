export { formatUsdAmount as usd } from '@portal/domain/format/money';
